import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer';

// Session 27: 论坛主题's and 论坛版块's calls that became declarations — a theme page (a one read with its
// replies and the visit counted), a reply by id per channel family (child calls' getAt), 主题统计 (a grouped
// read) and 版主设置 (a reverse link step), read against the demo data as the database holds it.
let server: TestServer;
let admin: string;
type Rec = Record<string, unknown> & { id: number };

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

const firstTheme = async (where: Record<string, number | string>) => {
  let q = server.app.db.selectFrom('theme').selectAll().orderBy('id');
  for (const [k, v] of Object.entries(where)) q = q.where(k as 'id', '=', v as never);
  return (await q.executeTakeFirstOrThrow()) as unknown as Rec;
};

describe('论坛主题: declared reads and child calls', () => {
  it('a theme page answers the published replies oldest first and counts each visit once', async () => {
    const t = await firstTheme({ channel: 'll', status: 1, isShow: 1, replyState: 1 });
    const replies = await server.app.db.selectFrom('theme_reply').select(['id']).where('themeId', '=', t.id).where('status', '=', 1).orderBy('replyTime').orderBy('id').execute();
    const a = await call<Rec & { replies: Rec[] }>(server.url, '/llweb/theme/appeal/get', { body: { id: t.id } });
    expect(a.body.data.readCount).toBe(Number(t.readCount) + 1);
    expect(a.body.data.replies.map((r) => r.id)).toEqual(replies.map((r) => Number(r.id)));
    expect(Object.keys(a.body.data.replies[0]!)).toEqual(['id', 'themeId', 'content', 'replyDeptName', 'replyTime']);
    expect(a.body.data).not.toHaveProperty('phone');
    const b = await call<Rec>(server.url, '/theme/webget', { body: { id: t.id } });
    expect(b.body.data.readCount).toBe(Number(t.readCount) + 2);
    expect((await call(server.url, '/xaxweb/theme/get', { body: { id: t.id } })).body.errorCode).toBe('1003');
    const unreplied = await firstTheme({ channel: 'll', replyState: 0 });
    expect((await call(server.url, '/llweb/theme/appeal/get', { body: { id: unreplied.id } })).body.errorCode).toBe('1003');
  });

  it('a reply by id is found at its channel family\'s path only', async () => {
    const replyOf = async (channel: string) => Number((await server.app.db.selectFrom('theme_reply').innerJoin('theme', 'theme.id', 'theme_reply.themeId').select('theme_reply.id').where('theme.channel', '=', channel).executeTakeFirstOrThrow()).id);
    const [bbs, ll, xax] = [await replyOf('bbs'), await replyOf('ll'), await replyOf('xax')];
    const at = async (path: string, id: number) => (await call<Rec>(server.url, path, { token: admin, body: { id } })).body;
    expect((await at('/ll/theme/reply/get', bbs)).data.id).toBe(bbs);
    expect((await at('/ll/theme/reply/get', ll)).data.id).toBe(ll);
    expect((await at('/ll/theme/reply/get', xax)).errorCode).toBe('1003');
    expect((await at('/xax/theme/reply/get', xax)).data.id).toBe(xax);
    expect((await at('/xax/theme/reply/get', ll)).errorCode).toBe('1003');
    expect((await call(server.url, '/ll/theme/reply/get', { body: { id: ll } })).status).toBe(401);
  });

  it('主题统计 per channel counts what the table holds', async () => {
    const rows = (await server.app.db.selectFrom('theme').select(['channel', 'status', 'replyCount']).execute()) as unknown as Rec[];
    const got = await call<Rec[]>(server.url, '/theme/themeCountList', { token: admin, body: { groupBy: 'channel' } });
    for (const ch of ['bbs', 'll', 'xax']) {
      const mine = rows.filter((r) => r.channel === ch);
      expect(got.body.data.find((g) => g.key === ch)).toMatchObject({ total: mine.length, passed: mine.filter((r) => Number(r.status) === 1).length, replyCount: mine.reduce((n, r) => n + Number(r.replyCount ?? 0), 0) });
    }
    const totals = got.body.data.map((g) => Number(g.total));
    expect([...totals].sort((x, y) => y - x)).toEqual(totals);
  });
});

describe('论坛版块: 版主设置 (/plateRole/save)', () => {
  it('keeps its messages, answers how many plates the role moderates, stamps the links and clears on a body without plates', async () => {
    const role = Number((await server.app.db.selectFrom('roles').select('roleId').orderBy('roleId', 'desc').executeTakeFirstOrThrow()).roleId);
    const [p0, p1] = (await server.app.db.selectFrom('plate').select('id').orderBy('id').execute()).map((p) => Number(p.id)) as [number, number];
    const save = async (body: Record<string, unknown>) => (await call(server.url, '/plateRole/save', { token: admin, body })).body;
    expect(await save({ plateIds: [p0] })).toMatchObject({ errorCode: '1002', errorMsg: '请选择角色' });
    expect(await save({ roleId: 999999, plateIds: [] })).toMatchObject({ errorCode: '1002', errorMsg: '角色不存在' });
    expect(await save({ roleId: role, plateIds: [999999] })).toMatchObject({ errorCode: '1002', errorMsg: '版块不存在' });
    expect(await save({ roleId: role, plateIds: [p0, p1, p0] })).toMatchObject({ errorCode: '0', errorMsg: '保存成功', data: 2 });
    const links = await call<Rec[]>(server.url, '/plateRole/list', { token: admin, body: { roleId: role } });
    expect(links.body.data.map((l) => l.plateId).sort()).toEqual([p0, p1].sort());
    for (const l of links.body.data) expect(String(l.createTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const plate = await call<Rec>(server.url, '/plate/get', { token: admin, query: { id: p0 } });
    expect(plate.body.data).not.toHaveProperty('roleIds');
    expect(await save({ roleId: role })).toMatchObject({ errorCode: '0', data: 0 });
    expect((await call<Rec[]>(server.url, '/plateRole/list', { token: admin, body: { roleId: role } })).body.data).toEqual([]);
  });
});
