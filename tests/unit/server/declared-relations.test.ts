import { describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../../resources/types';
import { idsOf } from '../../../server/http/params';
import { subtreeIds } from '../../../server/crud/tree';
import { nestRecords } from '../../../server/crud/treeList';
import { validateRecord } from '../../../server/crud/validate';
import user from '../../../resources/user';
import menu from '../../../resources/menu';

// The declaration features of issue 19's system entities, without a server (the API tests run them on both databases).
describe('declared trees, links and patterns', () => {
  const rows = [
    { id: 1, parentId: 0, sort: 2 },
    { id: 2, parentId: 1, sort: 1 },
    { id: 3, parentId: 2, sort: 0 },
    { id: 4, parentId: 0, sort: 1 },
  ];

  it('a subtree holds the node and every descendant, and a cycle in the data ends the walk', () => {
    expect(subtreeIds(rows, 1, 'id', 'parentId').sort()).toEqual([1, 2, 3]);
    expect(subtreeIds([...rows, { id: 1, parentId: 3, sort: 0 }], 1, 'id', 'parentId').sort()).toEqual([1, 2, 3]);
  });

  it('nests records by parent, siblings by the default sort, a record whose parent is absent is a root', () => {
    const tree = nestRecords(menu as unknown as ResourceDecl, rows);
    expect(tree.map((n) => n.id)).toEqual([4, 1]);
    expect(tree[1]?.children[0]?.children.map((n) => n.id)).toEqual([3]);
    expect(nestRecords(menu as unknown as ResourceDecl, rows.slice(1)).map((n) => n.id)).toEqual([2, 4]);
  });

  it('link ids come as an array, a comma list or one id; anything else names the parameter', () => {
    expect(idsOf([3, '4', 3], 'resourceIds')).toEqual([3, 4]);
    expect(idsOf('5, 6', 'resourceIds')).toEqual([5, 6]);
    expect(idsOf('', 'resourceIds')).toEqual([]);
    expect(() => idsOf(['x'], 'resourceIds')).toThrow('参数格式不正确：resourceIds');
  });

  it('a pattern refuses with its message, or with 格式不正确 after the label', () => {
    const decl = user as unknown as ResourceDecl;
    expect(() => validateRecord(decl, { mobile: '123' }, 'update')).toThrow('手机号格式不正确');
    expect(() => validateRecord(decl, { idNumber: '12345678901234567Y' }, 'update')).toThrow('身份证号格式不正确');
    expect(() => validateRecord(decl, { username: 'a b' }, 'update')).toThrow('登录名只能包含字母、数字和 _ . @ -，长度2到50个字符');
    expect(validateRecord(decl, { mobile: '13900000001', idNumber: '11010519491231002X' }, 'update')).toMatchObject({ mobile: '13900000001' });
  });
});
