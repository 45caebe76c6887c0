import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, fillPath } from '../../../providers/dataProvider';
import { PortalError } from '../../../providers/errors';
import { createHttpClient } from '../../../providers/http';
import { setToken } from '../../../providers/session';
import mailDecl from '../../../resources/mail';
import { resources } from './fixtures';
import { API, collectNotices, useMsw } from './msw';

const { on, all } = useMsw();
const notices = collectNotices();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });
const dp = createDataProvider(http, resources);

function page(list: Record<string, unknown>[], totalRow = list.length) {
  return { list, currPage: 1, totalRow, totalPage: Math.ceil(totalRow / 10) };
}

describe('getList', () => {
  it('sends pageNum, pageSize, sortField and sortOrder in the body', async () => {
    const seen = on('/announcement/list', page([]));
    await dp.getList('announcement', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'publishTime', order: 'ASC' },
      filter: {},
    });
    expect(seen[0]!.body).toEqual({ pageNum: 3, pageSize: 20, sortField: 'publishTime', sortOrder: 'ASC' });
  });

  it('uses pageNumber where the declaration says so', async () => {
    const seen = on('/api/article/list', page([]));
    await dp.getList('article', { pagination: { page: 2, perPage: 50 }, sort: { field: 'title', order: 'DESC' } });
    expect(seen[0]!.body).toEqual({ pageNumber: 2, pageSize: 50, sortField: 'title', sortOrder: 'DESC' });
  });

  it('leaves out a sort field the declaration does not list (react-admin defaults to id)', async () => {
    const seen = on('/announcement/list', page([]));
    await dp.getList('announcement', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' } });
    expect(seen[0]!.body).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('drops empty strings, empty arrays, null and undefined filters and keeps 0 and false', async () => {
    const seen = on('/announcement/list', page([]));
    await dp.getList('announcement', {
      pagination: { page: 1, perPage: 10 },
      filter: { title: '', type: 0, status: null, tags: [], dept: undefined, isTop: false, startTime: '2024-01-01', ids: [1] },
    });
    expect(seen[0]!.body).toEqual({
      pageNum: 1,
      pageSize: 10,
      type: 0,
      isTop: false,
      startTime: '2024-01-01',
      ids: [1],
    });
  });

  it('maps the page shape: total = totalRow, id from idField', async () => {
    on('/api/article/list', page([{ articleId: 7, title: 'a' }, { articleId: 9, title: 'b' }], 42));
    const result = await dp.getList('article', { pagination: { page: 1, perPage: 10 } });
    expect(result.total).toBe(42);
    expect(result.data).toEqual([
      { id: 7, articleId: 7, title: 'a' },
      { id: 9, articleId: 9, title: 'b' },
    ]);
  });

  it('answers a list tab (list.sources) from its own call and does not send the tab', async () => {
    const mailDp = createDataProvider(http, [mailDecl]);
    const dept = on('/mailForum/mailListByDept', page([{ id: 7, title: '转办来的信' }], 1));
    const all = on('/mail/list', page([], 0));
    const got = await mailDp.getList('mail', { pagination: { page: 1, perPage: 10 }, filter: { box: 'dept', stage: 2, overdue: 1 } });
    expect(dept[0]!.body).toEqual({ pageNum: 1, pageSize: 10, stage: 2, overdue: 1 });
    expect(got).toMatchObject({ total: 1, data: [{ id: 7 }] });
    await mailDp.getList('mail', { pagination: { page: 1, perPage: 10 }, filter: { box: 'all', stage: 0 } });
    await mailDp.getList('mail', { pagination: { page: 1, perPage: 10 }, filter: { title: '路灯' } });
    expect(all.map((r) => r.body)).toEqual([{ pageNum: 1, pageSize: 10, stage: 0 }, { pageNum: 1, pageSize: 10, title: '路灯' }]);
    expect(dept).toHaveLength(1);
  });

  it('getManyReference adds the target filter', async () => {
    const seen = on('/announcement/list', page([{ id: 1 }]));
    await dp.getManyReference('announcement', {
      target: 'deptId',
      id: 12,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'title', order: 'ASC' },
      filter: { status: 1 },
    });
    expect(seen[0]!.body).toMatchObject({ deptId: 12, status: 1, sortField: 'title' });
  });

  it('rejects an undeclared resource without sending', async () => {
    await expect(dp.getList('nope', { pagination: { page: 1, perPage: 10 } })).rejects.toBeInstanceOf(PortalError);
    expect(all).toHaveLength(0);
  });

  it('sends the token header through the http client', async () => {
    setToken('t1');
    const seen = on('/announcement/list', page([]));
    await dp.getList('announcement', {});
    expect(seen[0]!.headers.get('Authorization')).toBe('t1');
  });
});

describe('getOne / getMany', () => {
  it('puts the id in the query when declared so', async () => {
    const seen = on('/announcement/get', { id: 5, title: 't' });
    const { data } = await dp.getOne('announcement', { id: 5 });
    expect(seen[0]!.url.searchParams.get('id')).toBe('5');
    expect(seen[0]!.body).toBeUndefined();
    expect(data).toEqual({ id: 5, title: 't' });
  });

  it('puts the id in the body when declared so and maps idField', async () => {
    const seen = on('/api/article/get', { articleId: 8, title: 't' });
    const { data } = await dp.getOne('article', { id: 8 });
    expect(seen[0]!.body).toEqual({ id: 8 });
    expect(seen[0]!.url.search).toBe('');
    expect(data).toEqual({ id: 8, articleId: 8, title: 't' });
  });

  it('refuses a missing id before sending', async () => {
    await expect(dp.getOne('announcement', { id: '' })).rejects.toThrow('Missing required  parameter: id');
    expect(all).toHaveLength(0);
  });

  it('getMany fetches each id', async () => {
    const seen = on('/announcement/get', (req) => {
      const id = Number(new URL(req.url).searchParams.get('id'));
      return HttpResponse.json({ errorCode: '0', errorMsg: '', data: { id, title: `t${id}` } });
    });
    const { data } = await dp.getMany('announcement', { ids: [1, 2] });
    expect(seen).toHaveLength(2);
    expect(data.map((r) => r.title)).toEqual(['t1', 't2']);
  });
});

describe('create', () => {
  it('POSTs the data without undefined values and answers the saved record', async () => {
    const seen = on('/announcement/add', { id: 31, title: 'x', type: 1 });
    const { data } = await dp.create('announcement', { data: { title: 'x', type: 1, source: undefined } });
    expect(seen[0]!.body).toEqual({ title: 'x', type: 1 });
    expect(data).toMatchObject({ id: 31, title: 'x' });
  });

  it('takes a bare id answer as the new key', async () => {
    on('/api/article/save/admin', 77);
    const { data } = await dp.create('article', { data: { title: 'y' } });
    expect(data).toEqual({ id: 77, articleId: 77, title: 'y' });
  });
});

describe('update', () => {
  const previousData = {
    id: 5,
    title: 'old',
    type: 1,
    tags: ['a', 'b'],
    meta: { color: 'red', sizes: [1, 2] },
    source: undefined,
  };

  it('sends only the changed fields plus the id', async () => {
    const seen = on('/announcement/add', null);
    await dp.update('announcement', {
      id: 5,
      previousData,
      data: { ...previousData, title: 'new', tags: ['a', 'b'], meta: { color: 'red', sizes: [1, 2] } },
    });
    expect(seen[0]!.body).toEqual({ id: 5, title: 'new' });
  });

  it('detects nested and array changes', async () => {
    const seen = on('/announcement/add', null);
    await dp.update('announcement', {
      id: 5,
      previousData,
      data: { ...previousData, tags: ['a', 'c'], meta: { color: 'red', sizes: [1, 2, 3] } },
    });
    expect(seen[0]!.body).toEqual({ id: 5, tags: ['a', 'c'], meta: { color: 'red', sizes: [1, 2, 3] } });
  });

  it('sends a cleared field as null', async () => {
    const seen = on('/announcement/add', null);
    await dp.update('announcement', { id: 5, previousData, data: { ...previousData, type: undefined } });
    expect(seen[0]!.body).toEqual({ id: 5, type: null });
  });

  it('uses the declared key field name', async () => {
    const seen = on('/api/article/update', null);
    const prev = { id: 3, articleId: 3, title: 'a' };
    const { data } = await dp.update('article', { id: 3, previousData: prev, data: { ...prev, title: 'b' } });
    expect(seen[0]!.body).toEqual({ articleId: 3, title: 'b' });
    expect(data).toEqual({ id: 3, articleId: 3, title: 'b' });
  });

  it('warns 未修改任何内容，不需要提交 and sends nothing when nothing changed', async () => {
    on('/announcement/add', null);
    const error = await dp
      .update('announcement', {
        id: 5,
        previousData,
        // New array and object instances with equal content, and undefined ≡ missing.
        data: { id: 5, title: 'old', type: 1, tags: ['a', 'b'], meta: { sizes: [1, 2], color: 'red' } },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalError);
    expect(error).toMatchObject({ message: '未修改任何内容，不需要提交', level: 'warning', notified: true });
    expect(notices).toEqual([
      { kind: 'toast', level: 'warning', message: '未修改任何内容，不需要提交', duration: 8000 },
    ]);
    expect(all).toHaveLength(0);
  });

  it.each([undefined, null, ''])('warns 无效的id-key and sends nothing when the id is %s', async (id) => {
    on('/announcement/add', null);
    const error = await dp
      .update('announcement', { id: id as unknown as number, previousData, data: { title: 'new' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: '无效的id-key', level: 'warning' });
    expect(notices).toEqual([{ kind: 'toast', level: 'warning', message: '无效的id-key', duration: 8000 }]);
    expect(all).toHaveLength(0);
  });

  it('updateMany sends one update per id', async () => {
    const seen = on('/announcement/add', null);
    const { data } = await dp.updateMany('announcement', { ids: [1, 2], data: { status: 2 } });
    expect(seen.map((s) => s.body)).toEqual([
      { id: 1, status: 2 },
      { id: 2, status: 2 },
    ]);
    expect(data).toEqual([1, 2]);
  });
});

describe('delete', () => {
  it('puts ids in the query, comma-joined, in one call', async () => {
    const seen = on('/announcement/dels', null);
    await dp.delete('announcement', { id: 4, previousData: { id: 4, title: 'x' } });
    await dp.deleteMany('announcement', { ids: [1, 2, 3] });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.url.searchParams.get('ids')).toBe('4');
    expect(seen[1]!.url.searchParams.get('ids')).toBe('1,2,3');
    expect(seen[1]!.body).toBeUndefined();
  });

  it('puts ids in the body when declared so, in one call', async () => {
    const seen = on('/api/article/delete', null);
    const one = await dp.delete('article', { id: 4 });
    const many = await dp.deleteMany('article', { ids: [5, 6] });
    expect(seen.map((s) => s.body)).toEqual([{ ids: [4] }, { ids: [5, 6] }]);
    expect(one.data).toMatchObject({ id: 4, articleId: 4 });
    expect(many.data).toEqual([5, 6]);
  });

  it('refuses an empty id list before sending', async () => {
    await expect(dp.deleteMany('announcement', { ids: [] })).rejects.toThrow('Missing required  parameter: ids');
    expect(all).toHaveLength(0);
  });
});

describe('custom methods', () => {
  it('callExtra runs the declared call with query and body', async () => {
    const seen = on('/api/article/articleSensitiveList', ['敏感']);
    const result = await dp.callExtra('article', 'sensitive', { query: { articleId: 9 }, body: { a: 1 } });
    expect(result).toEqual(['敏感']);
    expect(seen[0]!.url.searchParams.get('articleId')).toBe('9');
    expect(seen[0]!.body).toEqual({ a: 1 });
  });

  it('callExtra honours the declared method', async () => {
    const seen = on('/api/article/view', { title: 'v' }, 'get');
    await expect(dp.callExtra('article', 'view', { query: { articleID: 1 } })).resolves.toEqual({ title: 'v' });
    expect(seen[0]!.method).toBe('GET');
  });

  it('callExtra refuses a missing required field before sending', async () => {
    await expect(dp.callExtra('article', 'sensitive', { query: {}, required: ['articleId'] })).rejects.toThrow('Missing required  parameter: articleId');
    expect(all).toHaveLength(0);
  });

  it('call runs a declared call of no entity, path values filled in', async () => {
    const seen = on('/api/generate/5/genernateColumn', { pages: 2 }, 'get');
    await expect(dp.call({ path: '/api/generate/{columnId}/genernateColumn', method: 'GET' }, { path: { columnId: 5 } })).resolves.toEqual({ pages: 2 });
    expect(seen).toHaveLength(1);
  });

  it('fillPath puts encoded values into the placeholders and refuses a missing one', () => {
    expect(fillPath('/ding/user/{id}', { id: 7 })).toBe('/ding/user/7');
    expect(fillPath('/api/generate/{columnId}/{day}/generateArticle', { columnId: 0, day: '2026-01-02' })).toBe('/api/generate/0/2026-01-02/generateArticle');
    expect(fillPath('/x/{name}', { name: 'a/b c' })).toBe('/x/a%2Fb%20c');
    expect(() => fillPath('/ding/user/{id}', {})).toThrow('Missing required  parameter: id');
  });

  it('callExtra rejects an undeclared call', async () => {
    await expect(dp.callExtra('announcement', 'nope')).rejects.toBeInstanceOf(PortalError);
    expect(all).toHaveLength(0);
  });

  describe('exportExcel', () => {
    const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    afterEach(() => {
      URL.createObjectURL = originals.create;
      URL.revokeObjectURL = originals.revoke;
      vi.restoreAllMocks();
    });

    it('downloads the file and resolves with its name', async () => {
      const create = vi.fn(() => 'blob:mock');
      // jsdom has no object URLs.
      URL.createObjectURL = create;
      URL.revokeObjectURL = vi.fn();
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const seen = on(
        '/announcement/export',
        () =>
          new HttpResponse('bytes', {
            headers: {
              'Content-Type': 'application/octet-stream',
              'Content-Disposition': "attachment; filename*=UTF-8''%E5%85%AC%E5%91%8A.xlsx",
            },
          }),
      );
      await expect(dp.exportExcel('/announcement/export', { title: 'x' }, 'fallback.xlsx')).resolves.toBe('公告.xlsx');
      expect(seen[0]!.body).toEqual({ title: 'x' });
      expect(create).toHaveBeenCalledOnce();
      expect(click).toHaveBeenCalledOnce();
    });
  });
});
