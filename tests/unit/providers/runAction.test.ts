import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../providers/dataProvider';
import { PortalError } from '../../../providers/errors';
import { createHttpClient } from '../../../providers/http';
import landmark from '../../fixtures/declarations/landmark';
import { API, useMsw } from './msw';

// The walk-through's fixture declaration (docs/extending.md) through the data provider: its CRUD paths
// and its declared 发布 action, with nothing but the declaration.
const { on, all } = useMsw();
const dp = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), [landmark]);

describe('a declared entity through the data provider', () => {
  it('lists at the declared path', async () => {
    const seen = on('/landmark/list', { list: [{ id: 1, name: '云溪古桥' }], currPage: 1, totalRow: 1, totalPage: 1 });
    const r = await dp.getList('landmark', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: { name: '古桥' } });
    expect(r.data).toEqual([{ id: 1, name: '云溪古桥' }]);
    expect(seen[0]!.body).toMatchObject({ pageNum: 1, pageSize: 10, name: '古桥' });
  });

  it('runAction posts the row action with its id and answers the envelope data', async () => {
    const seen = on('/landmark/publish', 1);
    await expect(dp.runAction('landmark', 'publish', { id: 7 })).resolves.toBe(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.body).toEqual({ id: 7 });
  });

  it('runAction refuses an undeclared action without calling', async () => {
    await expect(dp.runAction('landmark', 'nope', { id: 7 })).rejects.toBeInstanceOf(PortalError);
    expect(all).toHaveLength(0);
  });
});
