import { describe, expect, it } from 'vitest';
import { articleRelPath } from '../../../server/modules/generation/context';
import { KeptArticlePaths } from '../../../server/modules/generation/keptArticlePaths';

describe('KeptArticlePaths: the article pages a full run wrote, as numbers', () => {
  it('answers exactly for the paths articleRelPath makes, month and year included', () => {
    const kept = new KeptArticlePaths();
    kept.add(articleRelPath({ articleId: 123456, publishTime: '2026-01-05 08:00:00' }));
    kept.add(articleRelPath({ articleId: 7, publishTime: null, createTime: '2025-12-31 23:59:59' }));
    expect(kept.has('article/2026/01/123456.html')).toBe(true);
    expect(kept.has('article/2025/12/7.html')).toBe(true);
    // The same article under another month or year (it was moved) is not kept, nor another id.
    expect(kept.has('article/2026/02/123456.html')).toBe(false);
    expect(kept.has('article/2025/01/123456.html')).toBe(false);
    expect(kept.has('article/2026/01/12345.html')).toBe(false);
    expect(kept.has('article/2026/01/1234560.html')).toBe(false);
    expect(kept.size).toBe(2);
  });

  it('keeps an article without a date (0000/00), and an id past 10⁹ as text', () => {
    const kept = new KeptArticlePaths();
    kept.add(articleRelPath({ articleId: 5 }));
    kept.add('article/2026/01/99999999999.html');
    expect(kept.has('article/0000/00/5.html')).toBe(true);
    expect(kept.has('article/2026/01/99999999999.html')).toBe(true);
    expect(kept.has('article/2026/01/99999999998.html')).toBe(false);
    expect(kept.size).toBe(2);
  });
});
