import { describe, expect, it } from 'vitest';
import { subtreePaths } from '../../../server/crud/treePath';
import { withAncestors } from '../../../server/shared/subtree';

// A tree's `pathField` (server/crud/treePath.ts): the API tests run it on both databases through 栏目.
describe('a declared tree path', () => {
  const rows = [
    { id: 1, parentId: 0, path: '/1' },
    { id: 2, parentId: 1, path: '/1/2' },
    { id: 3, parentId: 2, path: null },
    { id: 4, parentId: 0, path: '/4' },
  ];

  it('a node takes its parent’s path and its id, and the nodes below follow, each after its parent', () => {
    const moved = rows.map((r) => (r.id === 2 ? { ...r, parentId: 4 } : r));
    expect([...subtreePaths(moved, 2, 'id', 'parentId', 'path')]).toEqual([[2, '/4/2'], [3, '/4/2/3']]);
  });

  it('a top node is its id alone; an unknown node gives no path; a cycle in the data ends the walk', () => {
    expect(subtreePaths(rows, 4, 'id', 'parentId', 'path').get(4)).toBe('/4');
    expect(subtreePaths(rows, 9, 'id', 'parentId', 'path').size).toBe(0);
    const cycle = [{ id: 1, parentId: 2, path: null }, { id: 2, parentId: 1, path: null }];
    expect(subtreePaths(cycle, 1, 'id', 'parentId', 'path').size).toBe(2);
  });

  it('keeps the given nodes with the ancestors that place them, and stops at a cycle', () => {
    const id = (r: { id: number }) => r.id;
    const parent = (r: { parentId: number }) => r.parentId;
    expect([...withAncestors(rows, [3], id, parent)].sort()).toEqual([1, 2, 3]);
    expect([...withAncestors(rows, [4, 9], id, parent)]).toEqual([4]);
    expect([...withAncestors([{ id: 1, parentId: 2 }, { id: 2, parentId: 1 }], [1], id, parent)].sort()).toEqual([1, 2]);
  });
});
