import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../providers/dataProvider';
import { createHttpClient } from '../../../providers/http';
import user from '../../../resources/user';
import { isVirtualField } from '../../../resources/shape/fields';
import { API, envelope, useMsw } from './msw';

// FieldDecl.pageCall: a column answered by another declared call for the shown page's ids (用户's 发文数).
const { on } = useMsw();
const dp = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), [user]);
const page = (ids: number[]) => ({ list: ids.map((userId) => ({ userId, name: `u${userId}` })), currPage: 1, totalRow: ids.length, totalPage: 1 });

describe('a page call column', () => {
  it('posts the page ids once and takes each row its value, the fallback when a row is absent', async () => {
    on('/ding/user/list', page([3, 5, 8]));
    const counts = on('/ding/user/articleNum', [{ userId: 3, articleNum: 12 }, { userId: 8, articleNum: 0 }, { userId: 99, articleNum: 7 }]);
    const r = await dp.getList('user', { pagination: { page: 1, perPage: 10 }, sort: { field: 'userId', order: 'ASC' }, filter: {} });
    expect(counts).toHaveLength(1);
    expect(counts[0]!.body).toEqual({ userIds: [3, 5, 8] });
    expect(r.data.map((u) => [u.id, u.articleNum])).toEqual([[3, 12], [5, 0], [8, 0]]);
  });

  it('a refused call leaves the fallback, and the page is still answered', async () => {
    on('/ding/user/list', page([4]));
    on('/ding/user/articleNum', () => HttpResponse.json(envelope(null, '403', '没有访问权限')));
    const r = await dp.getList('user', { pagination: { page: 1, perPage: 10 }, sort: { field: 'userId', order: 'ASC' }, filter: {} });
    expect(r.data).toHaveLength(1);
    expect(r.data[0]!.articleNum).toBe(0);
  });

  it('makes no call for an empty page', async () => {
    on('/ding/user/list', page([]));
    const counts = on('/ding/user/articleNum', []);
    await dp.getList('user', { pagination: { page: 1, perPage: 10 }, sort: { field: 'userId', order: 'ASC' }, filter: {} });
    expect(counts).toHaveLength(0);
  });

  it('answered and page-call fields have no column; stored ones do', () => {
    const field = (name: string) => user.fields.find((f) => f.name === name)!;
    expect(['deptName', 'roleName', 'articleNum', 'userTypeName'].map((n) => isVirtualField(field(n)))).toEqual([true, true, true, true]);
    expect(['username', 'deptId', 'password'].map((n) => isVirtualField(field(n)))).toEqual([false, false, false]);
  });
});
