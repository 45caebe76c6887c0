import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, type TestServer, startTestServer } from './helpers/testServer';

// 论坛主题's published lists as declared reads (resources/theme.ts `reads`): the range and required
// parameters of 诉求 and the `initial` mask, read against the demo themes as the database holds them.
let server: TestServer;

type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; totalRow: number };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('论坛主题: declared public reads', () => {
  it('诉求 needs its page, keeps to startTime / endTime on the receiving time and refuses a bad time', async () => {
    const appeals = await server.app.db.selectFrom('theme').select(['id', 'createTime', 'name']).where('channel', '=', 'll').where('status', '=', 1).where('isShow', '=', 1).where('replyState', '=', 1).execute();
    expect(appeals.length).toBeGreaterThan(0);
    const all = await call<Page>(server.url, '/llweb/theme/appeal/list', { body: { pageNumber: 1, pageSize: 50 } });
    expect(all.body.data.list.map((t) => t.id).sort()).toEqual(appeals.map((t) => Number(t.id)).sort());
    const first = appeals[0]!;
    const day = String(first.createTime).slice(0, 10);
    const sameDay = await call<Page>(server.url, '/llweb/theme/appeal/list', { body: { pageNumber: 1, pageSize: 50, startTime: day, endTime: day } });
    const expected = appeals.filter((t) => String(t.createTime).slice(0, 10) === day).map((t) => Number(t.id));
    expect(sameDay.body.data.list.map((t) => t.id).sort()).toEqual(expected.sort());
    const after = await call<Page>(server.url, '/llweb/theme/appeal/list', { body: { pageNumber: 1, pageSize: 50, startTime: '2999-01-01' } });
    expect(after.body.data.totalRow).toBe(0);
    const bad = await call(server.url, '/llweb/theme/appeal/list', { body: { pageNumber: 1, pageSize: 50, endTime: '昨天' } });
    expect(bad.body).toMatchObject({ errorCode: '1002', errorMsg: '时间格式应为YYYY-MM-DD或YYYY-MM-DD HH:mm:ss' });
    const noSize = await call(server.url, '/llweb/theme/appeal/list', { body: { pageNumber: 1 } });
    expect(noSize.body).toMatchObject({ errorCode: '1001', errorMsg: expect.stringContaining('pageSize') });
  });

  it('the lists answer the author masked to the first character and two stars, without the phone', async () => {
    const page = await call<Page>(server.url, '/theme/hotThemeList', { body: { pageSize: 50 } });
    expect(page.body.data.list.length).toBeGreaterThan(0);
    const stored = await server.app.db.selectFrom('theme').select(['id', 'name']).execute();
    for (const t of page.body.data.list) {
      const name = String(stored.find((s) => Number(s.id) === t.id)?.name ?? '');
      expect(t.name).toBe(name ? `${[...name][0]}**` : '匿名');
      expect(t).not.toHaveProperty('phone');
    }
  });

  it('/theme/queryStateThemeAll counts the themes in each state (the stateCounts shape), for one channel when asked', async () => {
    const admin = await login(server.url, 'admin', server.adminPassword);
    const rows = await server.app.db.selectFrom('theme').select(['channel', 'status', 'isShow', 'replyState', 'handleState', 'isRecommend']).execute();
    const expected = (of: typeof rows) => ({
      total: of.length,
      unreviewed: of.filter((r) => r.status === 0).length,
      passed: of.filter((r) => r.status === 1).length,
      failed: of.filter((r) => r.status === 2).length,
      pending: of.filter((r) => r.status === 3).length,
      shown: of.filter((r) => r.isShow === 1).length,
      replied: of.filter((r) => r.replyState === 1).length,
      handled: of.filter((r) => r.handleState === 1).length,
      recommended: of.filter((r) => r.isRecommend === 1).length,
    });
    const all = await call(server.url, '/theme/queryStateThemeAll', { token: admin, body: {} });
    expect(all.body.data).toEqual(expected(rows));
    const ll = await call(server.url, '/theme/queryStateThemeAll', { token: admin, body: { channel: 'll' } });
    expect(ll.body.data).toEqual(expected(rows.filter((r) => r.channel === 'll')));
    expect((ll.body.data as { total: number }).total).toBeLessThan(rows.length);
  });
});
