import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAIDU_CODE } from '../fixtures/statCodes.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';
import { ELDER_BOOT_SCRIPT } from '../../server/shared/elderBoot';

/**
 * Issue 11's site settings and visit counter: the statistics code works under the site's CSP (inline
 * loaders become external scripts, nothing raw reaches a page), and the visit counter's once-per-visitor
 * window is shared by two instances on one database (docs/generation.md).
 */

const BAIDU = BAIDU_CODE;
const BAIDU_TAG = '<script async src="https://hm.baidu.com/hm.js?0123456789abcdef0123456789abcdef"></script>';

let a: TestServer;
let b: TestServer;
let admin: string;

beforeAll(async () => {
  a = await startTestServer();
  // A second instance on the same data directory and database, as behind a load balancer.
  b = await startTestServer({ dataDir: a.app.portal.config.dataDir, databaseUrl: a.app.portal.config.databaseUrl });
  admin = await login(a.url, 'admin', a.adminPassword);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const homePage = async () => {
  const r = await call(a.url, '/api/generate/generateIndex', { token: admin, body: {} });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return fs.readFile(path.join(a.app.portal.config.dataDir, 'site', 'index.html'), 'utf8');
};
// Inline scripts other than the site's own 适老化 switch (allowed by its hash in the CSP, server/shared/elderBoot.ts).
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => (!/\bsrc=/.test(m[1] ?? '') || (m[2] ?? '').trim()) && m[2] !== ELDER_BOOT_SCRIPT);

describe('站点设置 网站统计代码', () => {
  it("stores Baidu's inline snippet as its external script and tells staff what changed", async () => {
    const r = await call<{ statCode: string; statCodeNotes: string[] }>(a.url, '/site/setting/save', { token: admin, body: { statCode: BAIDU } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data.statCode).toBe(BAIDU_TAG);
    expect(r.body.errorMsg).toContain('网站统计代码已按网站安全策略调整');
    expect(r.body.data.statCodeNotes).toEqual(expect.arrayContaining([expect.stringContaining('已移除内联脚本 1 段')]));
    const html = await homePage();
    expect(html).toContain(BAIDU_TAG);
    expect(html).not.toContain('_hmt');
    expect(inlineScripts(html)).toEqual([]);
    // The site's CSP lets that host's script run and report.
    const res = await fetch(new URL('/site/index.html', a.url));
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src [^;]*https:\/\/hm\.baidu\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/hm\.baidu\.com/);
  });

  it('never prints a stored raw code (saved before the cleaning, or written by hand)', async () => {
    const raw = '<script>alert(document.cookie)</script><script src="https://evil.example.com/a.js"></script><script async src="http://hm.baidu.com/hm.js?abc"></script><img src=x onerror="alert(2)">';
    await a.app.db.updateTable('site_setting').set({ statCode: raw }).execute();
    const html = await homePage();
    expect(html).toContain('<script async src="https://hm.baidu.com/hm.js?abc"></script>');
    expect(html).not.toMatch(/alert|evil\.example|onerror/);
    expect(inlineScripts(html)).toEqual([]);
  });

  it('refuses a code that is not text or far too long, with a Chinese message', async () => {
    const notText = await call(a.url, '/site/setting/save', { token: admin, body: { statCode: { x: 1 } } });
    expect(notText.body).toMatchObject({ errorCode: '1002', errorMsg: '网站统计代码必须是文本' });
    const long = await call(a.url, '/site/setting/save', { token: admin, body: { statCode: `<script>${'a'.repeat(30000)}</script>` } });
    expect(long.body.errorCode).toBe('1002');
    expect(long.status).toBeLessThan(500);
  });
});

describe('the 404 page', () => {
  const get = (p: string, accept: string) => fetch(new URL(p, a.url), { headers: { Accept: accept } });
  it("shows a browser the site's own 404 page, with links that work at /site/ and at the web root", async () => {
    await homePage();
    const underSite = await get('/site/no-such-page.html', 'text/html,application/xhtml+xml');
    expect(underSite.status).toBe(404);
    expect(underSite.headers.get('content-type')).toContain('text/html');
    const html = await underSite.text();
    expect(html).toContain('<title>页面不存在');
    expect(html).toMatch(/href="\/site\/css\/style\.css\?v=[0-9a-f]{10}"/);
    expect(html).not.toMatch(/(href|src)="\/(?!site\/|\/)/);
    // What nginx passes on after its own files (docs/deploy.md): the page as generated, links from /.
    const atRoot = await get('/column/999/index.html', 'text/html');
    expect(atRoot.status).toBe(404);
    expect(await atRoot.text()).toMatch(/href="\/css\/style\.css\?v=[0-9a-f]{10}"/);
  });

  it('keeps the JSON envelope for API clients', async () => {
    const api = await get('/site/no-such-page.html', 'application/json');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ errorCode: '404', errorMsg: '接口不存在' });
    const post = await fetch(new URL('/no/such/call', a.url), { method: 'POST', headers: { Accept: 'text/html' } });
    expect(await post.json()).toMatchObject({ errorCode: '404' });
  });
});

describe('/visitHistory/hit across two instances', () => {
  type Hit = { pageKey: string; hits: number; siteHits: number; counted: boolean };
  const hit = (server: TestServer, cookie: string, page: string) =>
    call<Hit>(server.url, '/visitHistory/hit', { method: 'GET', query: { cookie, page } }).then((r) => r.body.data);

  it('counts a visitor once per page whichever instance answers', async () => {
    const first = await hit(a, 'visitor-multi-1', '/column/1/index.html');
    expect(first.counted).toBe(true);
    const again = await hit(b, 'visitor-multi-1', '/column/1/index.html');
    expect(again).toMatchObject({ counted: false, hits: first.hits, siteHits: first.siteHits });
    const other = await hit(b, 'visitor-multi-2', '/column/1/index.html');
    expect(other).toMatchObject({ counted: true, hits: first.hits + 1, siteHits: first.siteHits + 1 });
  });

  it('counts once when both instances get the same visitor at the same moment', async () => {
    const answers = await Promise.all([a, b, a, b].map((s) => hit(s, 'visitor-multi-3', '/column/2/index.html')));
    expect(answers.filter((h) => h.counted)).toHaveLength(1);
    const row = (await a.app.db.selectFrom('visit_counter').select('hits').where('pageKey', '=', 'page:/column/2/index.html').executeTakeFirstOrThrow()) as { hits: number | string };
    expect(Number(row.hits)).toBe(1);
  });
});
