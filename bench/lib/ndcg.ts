// Graded-relevance measures for the judged query set (bench/searchQuality.ts): nDCG@k with the exponential
// gain 2^rel − 1 and a log2(rank + 1) discount, and whether the best-judged answer is within the top n.

/** DCG of the grades in ranked order, first k. */
export function dcg(grades: readonly number[], k: number): number {
  return grades.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
}

/**
 * nDCG@k of a ranking (document keys, best first) against the judgements (key → grade; missing = 0).
 * The ideal is every judged grade sorted high to low; a query with no positive judgement scores 0.
 */
export function ndcgAt(ranked: readonly string[], judged: Readonly<Record<string, number>>, k = 10): number {
  const ideal = dcg(Object.values(judged).sort((a, b) => b - a), k);
  if (ideal <= 0) return 0;
  return dcg(ranked.map((key) => judged[key] ?? 0), k) / ideal;
}

/** Whether a document of the highest grade judged for the query is among the first n. */
export function bestInTop(ranked: readonly string[], judged: Readonly<Record<string, number>>, n = 3): boolean {
  const best = Math.max(0, ...Object.values(judged));
  return best > 0 && ranked.slice(0, n).some((key) => (judged[key] ?? 0) === best);
}
