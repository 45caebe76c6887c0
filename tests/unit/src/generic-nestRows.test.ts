import { describe, expect, it } from 'vitest';
import { nestRows } from '../../../src/generic/treeParts';

// A tree filter's own call (list.treeFilter.call) may answer flat rows: nested by the tree's parent field.
describe('nestRows', () => {
  it('nests flat rows by the parent field; a row whose parent is absent is a top node', () => {
    const rows = [
      { categoryId: 1, categoryCategoryId: 0, t: '新闻中心' },
      { categoryId: 2, categoryCategoryId: 1, t: '部门动态' },
      { categoryId: 5, categoryCategoryId: 9, t: '政务公开' },
    ];
    const nested = nestRows(rows, 'categoryId', 'categoryCategoryId');
    expect(nested.map((r) => r.t)).toEqual(['新闻中心', '政务公开']);
    expect(nested[0]!.children?.map((r) => r.t)).toEqual(['部门动态']);
  });

  it('keeps rows that are already nested, and rows of a tree without a parent field', () => {
    const tree = [{ id: 1, children: [{ id: 2, children: [] }] }];
    expect(nestRows(tree, 'id', 'parentId')).toEqual(tree);
    expect(nestRows([{ id: 1 }, { id: 2 }], 'id', undefined)).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
