import { describe, expect, it } from 'vitest';
import { facetsFromRows, type FacetRow } from '../../../server/modules/content/search/facets.js';

// The database yields the grouped rows in its plan's order (another index, another order); the facets must not
// follow it: ties by column id and by document type, whatever order the rows came in.
const rows: FacetRow[] = [
  { columnId: 9, docYear: 2025, wjType: '通知', n: 3, categoryTitle: '乡镇动态' },
  { columnId: 4, docYear: 2024, wjType: '公告', n: 3, categoryTitle: '政务要闻' },
  { columnId: 7, docYear: 2026, wjType: '意见', n: 5, categoryTitle: '部门动态' },
  { columnId: 2, docYear: null, wjType: null, n: 3, categoryTitle: '通知公告' },
  { columnId: 4, docYear: 2026, wjType: '办法', n: 2, categoryTitle: '政务要闻' },
];

describe('search facets', () => {
  it('orders by count, ties by column id and type, the same for every order of the rows', () => {
    const expected = facetsFromRows(rows, false);
    expect(expected.columns.map((c) => [c.columnId, c.count])).toEqual([[4, 5], [7, 5], [2, 3], [9, 3]]);
    expect(expected.types.map((t) => [t.wjType, t.count])).toEqual([['意见', 5], ['公告', 3], ['通知', 3], ['办法', 2]]);
    expect(expected.years).toEqual([{ year: 2026, count: 7 }, { year: 2025, count: 3 }, { year: 2024, count: 3 }]);
    for (let i = 0; i < 20; i++) {
      const shuffled = [...rows].sort(() => Math.random() - 0.5);
      expect(facetsFromRows(shuffled, false)).toEqual(expected);
    }
  });
});
