import { describe, expect, it } from 'vitest';
import { bestInTop, dcg, ndcgAt } from '../../../bench/lib/ndcg';

// The judged-set measures of `npm run bench -- --only=searchQuality` (the computation, not a speed).
describe('nDCG@10 and best-in-top-3', () => {
  it('computes DCG with gain 2^rel − 1 and a log2 discount', () => {
    expect(dcg([2, 1, 0], 10)).toBeCloseTo(3 + 1 / Math.log2(3), 10);
    expect(dcg([1, 1, 1], 2)).toBeCloseTo(1 + 1 / Math.log2(3), 10);
  });
  it('is 1 for the ideal order, less for a worse one, 0 when nothing judged is found', () => {
    const judged = { a: 2, b: 1, c: 1 };
    expect(ndcgAt(['a', 'b', 'c', 'x'], judged)).toBeCloseTo(1, 10);
    expect(ndcgAt(['a', 'c', 'b'], judged)).toBeCloseTo(1, 10); // equal grades swapped
    const worse = ndcgAt(['x', 'b', 'c', 'a'], judged);
    const ideal = 3 + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(worse).toBeCloseTo((1 / Math.log2(3) + 1 / Math.log2(4) + 3 / Math.log2(5)) / ideal, 10);
    expect(ndcgAt(['x', 'y'], judged)).toBe(0);
    expect(ndcgAt(['a'], {})).toBe(0);
  });
  it('cuts at k: a relevant answer at rank 11 does not count', () => {
    const ranked = [...Array.from({ length: 10 }, (_, i) => `x${i}`), 'a'];
    expect(ndcgAt(ranked, { a: 2 })).toBe(0);
    expect(ndcgAt(ranked, { a: 2 }, 11)).toBeGreaterThan(0);
  });
  it('finds the best-judged answer within the top 3', () => {
    expect(bestInTop(['x', 'y', 'a'], { a: 2, b: 1 })).toBe(true);
    expect(bestInTop(['b', 'x', 'y', 'a'], { a: 2, b: 1 })).toBe(false);
    expect(bestInTop(['a'], {})).toBe(false);
  });
});
