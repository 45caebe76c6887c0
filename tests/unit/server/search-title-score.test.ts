import { describe, expect, it } from 'vitest';
import { score } from '../../../server/modules/content/search/titleScore';

const byKey = (rows: { k: number; r: number }[]) => new Map(rows.map((x) => [x.k, x.r]));

describe('common-word relevance by title (titleScore.ts)', () => {
  it('scores a title holding the word above one without it, a short title above a long one', () => {
    const r = byKey(score([
      { k: 1, t: '乡村振兴工作会议' },
      { k: 2, t: '关于全县各乡镇推进乡村振兴和人居环境整治工作的情况通报' },
      { k: 3, t: '安全生产工作会议' },
    ], [[['乡村振兴']]]));
    expect(r.get(3)).toBe(1);
    expect(r.get(1)).toBeGreaterThan(r.get(2) as number);
    expect(r.get(2)).toBeGreaterThan(1);
  });

  it('weighs a synonym at half the typed word, and needs every run of an alternative', () => {
    const r = byKey(score([
      { k: 1, t: '医保政策解读' },
      { k: 2, t: '医疗保险解读' },
      { k: 3, t: '医疗政策解读' },
    ], [[['医保'], ['医疗保险']]]));
    expect((r.get(1) as number) - 1).toBeCloseTo(2 * ((r.get(2) as number) - 1), 1);
    expect(r.get(3)).toBe(1);
  });

  it('adds the words of a query of several words, folding case and width as the index', () => {
    const r = byKey(score([{ k: 1, t: 'ＧＤＰ统计公报' }, { k: 2, t: '统计公报' }], [[['gdp']], [['统计']]]));
    expect(r.get(1)).toBeGreaterThan(r.get(2) as number);
    expect(r.get(2)).toBeGreaterThan(1);
  });
});
