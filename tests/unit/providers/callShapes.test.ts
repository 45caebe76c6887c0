import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../providers/dataProvider';
import { createHttpClient } from '../../../providers/http';
import { resourcesWithShapes } from './fixtures';
import { API, collectNotices, useMsw } from './msw';

// The declared call shapes beyond the plain entities: query search on GET, unpaged array answers, a
// renamed key parameter, keys in the path, one call per deleted record, fields sent as query values.
const { on, all } = useMsw();
const notices = collectNotices();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });
const dp = createDataProvider(http, resourcesWithShapes);

const units = Array.from({ length: 25 }, (_, i) => ({ deptId: i + 1, name: `单位${i + 1}` }));

describe('declared call shapes', () => {
  it('sends a GET list search as query values and pages an array answer itself', async () => {
    const seen = on('/ding/unit/list', units, 'get');
    const result = await dp.getList('unit', { pagination: { page: 3, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: { name: '教育', type: '' } });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url.searchParams.get('pageNum')).toBe('3');
    expect(seen[0]!.url.searchParams.get('name')).toBe('教育');
    expect(seen[0]!.url.searchParams.has('type')).toBe(false);
    expect(result.total).toBe(25);
    expect(result.data.map((r) => r.id)).toEqual([21, 22, 23, 24, 25]);
  });

  it('names the key parameter as declared (deptIdDto)', async () => {
    const seen = on('/ding/unit/view', { deptId: 7, name: '县教育局' });
    const { data } = await dp.getOne('unit', { id: 7 });
    expect(seen[0]!.body).toEqual({ deptId: 7 });
    expect(data.id).toBe(7);
  });

  it('deletes one record per call with the key in the path', async () => {
    const first = on('/ding/unit/3', true);
    const second = on('/ding/unit/4', true);
    await dp.deleteMany('unit', { ids: [3, 4] });
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
  });

  it('stops deleting at the first refusal', async () => {
    on('/ding/unit/3', () => Response.json({ errorCode: '1005', errorMsg: '该部门下还有用户，不能删除', data: null }));
    const later = on('/ding/unit/4', true);
    await expect(dp.deleteMany('unit', { ids: [3, 4] })).rejects.toThrow('该部门下还有用户，不能删除');
    expect(later).toHaveLength(0);
  });

  it('refuses a path delete without a key before sending', async () => {
    await expect(dp.deleteMany('unit', { ids: [] })).rejects.toThrow('Missing required  parameter: id');
    expect(all).toHaveLength(0);
    expect(notices[0]).toMatchObject({ kind: 'toast', level: 'error' });
  });

  it('sends a save’s fields as query values where declared, changed fields only on update', async () => {
    const created = on('/ding/unit/save', 9);
    await dp.create('unit', { data: { name: '县审计局', parentId: 1 } });
    expect(created[0]!.url.searchParams.get('name')).toBe('县审计局');
    expect(created[0]!.url.searchParams.get('parentId')).toBe('1');
    expect(created[0]!.body).toBeUndefined();

    const updated = on('/ding/unit/save', null);
    await dp.update('unit', { id: 9, data: { deptId: 9, name: '云溪县审计局', parentId: 1 }, previousData: { id: 9, deptId: 9, name: '县审计局', parentId: 1 } });
    expect(Object.fromEntries(updated[0]!.url.searchParams)).toEqual({ deptId: '9', name: '云溪县审计局' });
  });
});
