import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureResource, syncDeclarationMenus } from '../../server/seed/menuSync.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// Spec §2: "If the appKey is reportSite the reporting application is used, otherwise the main admin
// application is used." And the menus of both apps open the spec's routes, also after an upgrade.
let server: TestServer;
let url: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
});
afterAll(async () => server?.close());

type Node = { alias: string; type: string; url: string | null; children: Node[] };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** POST with exactly the given headers (no appKey unless given). */
async function rawPost<T>(path: string, headers: Record<string, string>, query: Record<string, string> = {}) {
  const target = new URL(path, url);
  for (const [k, v] of Object.entries(query)) target.searchParams.set(k, v);
  const res = await fetch(target, { method: 'POST', headers });
  return { status: res.status, body: (await res.json()) as { errorCode: string; errorMsg: string; data: T } };
}

async function loginWith(appKey: string | null, username = 'xinxi'): Promise<string> {
  const headers: Record<string, string> = appKey === null ? {} : { appKey };
  const r = await rawPost<{ value: string }>('/user/loginNoCode', headers, { username, password: DEMO_PASSWORD });
  expect(r.body.errorCode, `${appKey}: ${r.body.errorMsg}`).toBe('0');
  return r.body.data.value;
}

async function menuOf(token: string, appKey: string | null) {
  const headers: Record<string, string> = { Authorization: token, ...(appKey === null ? {} : { appKey }) };
  return rawPost<{ menusList: Node[]; buttonList: string[] }>('/menu/list', headers);
}

describe('appKey: reportSite is the reporting app, anything else the admin app', () => {
  for (const appKey of ['admin', 'adminSite', 'whatever', '', null]) {
    it(`logs in to the admin app with appKey ${JSON.stringify(appKey)} and answers the admin menu`, async () => {
      const token = await loginWith(appKey);
      const menu = await menuOf(token, appKey);
      expect(menu.body.errorCode).toBe('0');
      expect(menu.body.data.menusList.map((n) => n.alias)).toContain('content');
      expect(menu.body.data.menusList.map((n) => n.alias)).not.toContain('report');
      // The token belongs to the admin app, whatever other value names it, and not to the reporting app.
      const info = await rawPost<{ appKey: string }>('/user/info', { Authorization: token, appKey: 'adminSite' });
      expect(info.body.data.appKey).toBe('adminSite');
      expect((await rawPost('/user/info', { Authorization: token, appKey: 'someOtherValue' })).status).toBe(200);
      expect((await rawPost('/user/info', { Authorization: token })).status).toBe(200);
      expect((await rawPost('/user/info', { Authorization: token, appKey: 'reportSite' })).status).toBe(401);
    });
  }

  it('logs in to the reporting app with appKey reportSite and answers its own menu', async () => {
    const token = await loginWith('reportSite');
    const menu = await menuOf(token, 'reportSite');
    expect(menu.body.data.menusList.map((n) => n.alias)).toEqual(['report']);
    const info = await rawPost<{ appKey: string }>('/user/info', { Authorization: token, appKey: 'reportSite' });
    expect(info.body.data.appKey).toBe('reportSite');
    for (const other of ['admin', 'adminSite', 'reportsite']) {
      expect((await rawPost('/user/info', { Authorization: token, appKey: other })).status).toBe(401);
    }
  });

  it('lets the admin log in with appKey admin (refused before with 2004)', async () => {
    const r = await call<{ value: string }>(url, '/user/loginNoCode', { query: { username: 'admin', password: server.adminPassword }, appKey: 'admin' });
    expect(r.body.errorCode).toBe('0');
  });

  it('records the app of a call in the operation log as the normalised key', async () => {
    await rawPost('/user/loginNoCode', { appKey: 'whatever' }, { username: 'appkey-probe', password: 'x' });
    // The log row is written after the answer has gone out.
    const appKeyLogged = async () =>
      ((await server.app.db.selectFrom('system_log').select('appKey').where('username', '=', 'appkey-probe').executeTakeFirst()) as { appKey: string } | undefined)?.appKey;
    await expect.poll(appKeyLogged).toBe('adminSite');
  });
});

describe('menu urls are the spec routes', () => {
  it('gives every entry of both apps a route of its app’s family', async () => {
    const admin = await menuOf(await login(url, 'admin', server.adminPassword), 'adminSite');
    const adminNodes = flatten(admin.body.data.menusList);
    expect(adminNodes.length).toBeGreaterThan(30);
    expect(adminNodes.filter((n) => !/^\/main(\/|$)/.test(n.url ?? '')).map((n) => `${n.alias} ${n.url}`)).toEqual([]);
    expect(adminNodes.find((n) => n.alias === 'article')?.url).toBe('/main/article/essay');
    expect(adminNodes.find((n) => n.alias === 'content')?.url).toBe('/main/article');
    const report = await menuOf(await loginWith('reportSite'), 'reportSite');
    const reportNodes = flatten(report.body.data.menusList);
    expect(reportNodes.filter((n) => !/^\/report(\/|$)/.test(n.url ?? '')).map((n) => `${n.alias} ${n.url}`)).toEqual([]);
  });

  it('gives an upgraded database the new urls at the next sync, keeping urls set in 菜单管理', async () => {
    const db = server.app.db;
    const setUrl = (alias: string, value: string | null) =>
      db.updateTable('resources').set({ url: value }).where('dingAppKey', '=', 'adminSite').where('alias', '=', alias).execute();
    const urlOf = async (alias: string) =>
      ((await db.selectFrom('resources').select('url').where('dingAppKey', '=', 'adminSite').where('alias', '=', alias).executeTakeFirst()) as { url: string | null }).url;
    // What an older database holds: short routes, the retired catalogue url, no url; and one edited by hand.
    await setUrl('article', '/article');
    await setUrl('user', null);
    await setUrl('content', '/main/content');
    await setUrl('role', '/main/system/roleCustom');
    await syncDeclarationMenus(db, server.app.portal.declarations);
    // Module menus (pages) and catalogues go through the same ensureResource on every start.
    await setUrl('bbsStaticData', '/bbsStaticData');
    await ensureResource(db, { parentId: 0, name: '论坛统计', alias: 'bbsStaticData', icon: null, type: 'Menu', url: '/main/bbs/staticData', dingAppKey: 'adminSite', sort: 77 });
    expect(await urlOf('article')).toBe('/main/article/essay');
    expect(await urlOf('user')).toBe('/main/system/user');
    expect(await urlOf('content')).toBe('/main/article');
    expect(await urlOf('bbsStaticData')).toBe('/main/bbs/staticData');
    expect(await urlOf('role')).toBe('/main/system/roleCustom');
    await setUrl('role', '/main/system/role');
  });
});
