import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueChecks } from '../../server/modules/monitoring/availability.js';
import { monitorSettings } from '../../server/modules/monitoring/settings.js';
import { formatDateTime } from '../../server/util/time.js';
import { closedPort, html, startLocalSite, type LocalSite } from './helpers/localSites.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// Local sites on loopback ports only: healthy, slow (past the shortened 800 ms threshold), down, broken links.
const SLOW_MS = 800;
let s: TestServer;
let token: string;
let healthy: LocalSite;
let slow: LocalSite;
let broken: LocalSite;
let downPort: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  healthy = await startLocalSite((_req, res) => html(res, '<h1>云溪县人民政府</h1>'));
  slow = await startLocalSite((_req, res) => {
    setTimeout(() => html(res, '云溪县'), SLOW_MS + 700).unref();
  });
  downPort = await closedPort();
  broken = await startLocalSite((req, res) => {
    const pages: Record<string, string> = {
      '/': '<a href="/a.html">A</a> <a href="/missing.html">坏链</a> <a href="mailto:x@y.z">mail</a> <img src="/logo.png">',
      '/a.html': `<a href="/">首页</a> <a href="/gone">已删除</a> <a href="http://127.0.0.1:${downPort}/x">外站</a>`,
    };
    if (req.url === '/logo.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('png');
    } else if (req.url && pages[req.url] !== undefined) html(res, pages[req.url] as string);
    else html(res, 'not found', 404);
  });
  s = await startTestServer({ monitorSlowMs: SLOW_MS });
  token = await login(s.url, 'admin', s.adminPassword);
  const add = async (key: string, body: Record<string, unknown>) => {
    const r = await call<{ id: number }>(s.url, '/website/add', { token, body: { type: 2, checkInterval: 5, ...body } });
    expect(r.body.errorCode).toBe('0');
    ids[key] = Number(r.body.data.id);
  };
  await add('healthy', { name: '测试健康站', url: healthy.url, keyword: '云溪县人民政府' });
  await add('slow', { name: '测试慢站', url: slow.url });
  await add('down', { name: '测试宕机站', url: `http://127.0.0.1:${downPort}/` });
  await add('broken', { name: '测试坏链站', url: broken.url, checkEnabled: 0, linkCheck: 1 });
  // Only the test's sites are checked: the demo rows are fictional addresses with checks turned off.
  const shenji = (await s.app.db.selectFrom('users').select('userId').where('username', '=', 'shenji').executeTakeFirstOrThrow()) as { userId: number };
  // The demo's own SITE_ABNORMAL setting (系统管理员) is removed: the alert must go to the user named here.
  const demoSettings = (await s.app.db.selectFrom('notice_setting').select('id').where('eventType', '=', 'SITE_ABNORMAL').execute()).map((r) => Number(r.id));
  if (demoSettings.length) expect((await call(s.url, '/notice/set/dels', { token, body: { ids: demoSettings } })).body.errorCode).toBe('0');
  const set = await call(s.url, '/notice/set/add', { token, body: { name: '站点异常', eventType: 'SITE_ABNORMAL', receiverType: 'USER', receiverIds: String(shenji.userId), remindWay: 1 } });
  expect(set.body.errorCode).toBe('0');
}, 90_000);

afterAll(async () => {
  await Promise.all([s?.close(), healthy?.close(), slow?.close(), broken?.close()]);
});

type Site = { id: number; state: number; lastCheckTime: string | null; responseMs: number | null; lastMessage: string | null };
const site = async (key: string) => (await call<Site>(s.url, '/website/get', { token, query: { id: Number(ids[key]) } })).body.data;

describe('availability checks', () => {
  it('the scheduler job checks every due site and records the right states', async () => {
    const started = formatDateTime(new Date(Date.now() - 1000));
    // 本站 (registered at first start) waits for its first generation: only the test's sites are due.
    const demo = (await s.app.db.selectFrom('website').select('id').where('checkEnabled', '=', 1).where('type', '<>', 1).execute()).map((r) => Number(r.id));
    expect(demo.sort()).toEqual([ids.healthy, ids.slow, ids.down].sort());
    expect(await s.app.scheduler.runNow('monitor:availability')).toBe(true);
    const [h, sl, d, b] = [await site('healthy'), await site('slow'), await site('down'), await site('broken')];
    expect(h.state).toBe(1);
    expect(healthy.hits()).toBe(1);
    expect(h.responseMs).toBeLessThan(SLOW_MS);
    expect(sl.state).toBe(2);
    expect(sl.lastMessage).toContain('响应超过');
    expect(sl.responseMs).toBeGreaterThanOrEqual(SLOW_MS);
    expect(d.state).toBe(2);
    expect(d.lastMessage).toContain('无法连接');
    expect(b.state).toBe(0);
    const list = await call<{ list: { websiteId: number; result: number; kind: string }[]; totalRow: number }>(s.url, '/website/inspection/list', { token, body: { result: 2, kind: 'availability', startTime: started } });
    expect(list.body.data.list.map((r) => r.websiteId).sort()).toEqual([ids.slow, ids.down].sort());
    const summary = await call<{ summary: { abnormal: number } }>(s.url, '/website/state/list', { token, body: {} });
    expect(summary.body.data.summary.abnormal).toBeGreaterThanOrEqual(2);
    // Within their interval the sites are not due again: a second run of the job checks nothing.
    await s.app.db.deleteFrom('job_lock').where('name', '=', 'job:monitor:availability').execute();
    await s.app.scheduler.runNow('monitor:availability');
    expect(healthy.hits()).toBe(1);
  }, 20_000);

  it('an alert reaches the user the reminder setting names, once per change', async () => {
    const shenji = await login(s.url, 'shenji', DEMO_PASSWORD);
    const mine = await call<{ list: { title: string }[] }>(s.url, '/notice/my/list', { token: shenji, body: {} });
    const titles = mine.body.data.list.map((n) => n.title);
    expect(titles.some((t) => t.includes('站点监测异常') && t.includes('测试慢站'))).toBe(true);
    expect(titles.some((t) => t.includes('测试宕机站'))).toBe(true);
    expect(titles.some((t) => t.includes('测试健康站'))).toBe(false);
    // The admin is not named by the setting and gets nothing.
    const adminBox = await call<{ list: { title: string }[] }>(s.url, '/notice/my/list', { token, body: {} });
    expect(adminBox.body.data.list.some((n) => n.title.includes('测试慢站'))).toBe(false);
  });

  it('with two instances a due site is checked once (a lease per website in the database)', async () => {
    const db = s.app.db;
    await db.updateTable('website').set({ lastCheckTime: null }).where('id', 'in', [ids.healthy!, ids.down!]).execute();
    await db.updateTable('website').set({ checkEnabled: 0 }).where('id', '=', ids.slow!).execute();
    await db.deleteFrom('job_lock').where('name', 'like', 'website:%').execute();
    const before = healthy.hits();
    const settings = monitorSettings(s.app.portal.config);
    const [a, b] = await Promise.all([runDueChecks(db, settings, Date.now(), 'instance-a'), runDueChecks(db, settings, Date.now(), 'instance-b')]);
    expect(a + b).toBe(2);
    expect(healthy.hits() - before).toBe(1);
  });

  it('the response-time chart answers the points of one site', async () => {
    const chart = await call<{ points: { responseMs: number; result: number }[]; checks: number; uptimePercent: number }>(s.url, '/website/inspection/chart', { token, body: { websiteId: ids.healthy } });
    expect(chart.body.errorCode).toBe('0');
    expect(chart.body.data.checks).toBe(2);
    expect(chart.body.data.uptimePercent).toBe(100);
    const bad = await call(s.url, '/website/inspection/chart', { token, body: { websiteId: ids.healthy, startTime: 'yesterday' } });
    expect(bad.body.errorCode).toBe('1002');
  });
});

describe('TLS certificate', () => {
  it('reads the expiry of an https site and fails a certificate that expires within 7 days', async () => {
    // A self-signed certificate valid for 3 days, made with the system's openssl, served on loopback.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '3', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    const server = https.createServer({ key: await fs.readFile(path.join(dir, 'key.pem')), cert: await fs.readFile(path.join(dir, 'cert.pem')) }, (_req, res) => html(res, '云溪县'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const add = await call<{ id: number }>(s.url, '/website/add', { token, body: { name: '测试证书站', url: `https://127.0.0.1:${port}/`, type: 2, checkEnabled: 0 } });
      const r = await call<{ ok: boolean; certExpireDays: number; message: string; statusCode: number }>(s.url, '/website/check', { token, query: { id: Number(add.body.data.id) } });
      expect(r.body.data.statusCode).toBe(200);
      expect(r.body.data.certExpireDays).toBeGreaterThanOrEqual(2);
      expect(r.body.data.certExpireDays).toBeLessThanOrEqual(3);
      expect(r.body.data.ok).toBe(false);
      expect(r.body.data.message).toMatch(/证书无效.*；证书[23]天后过期/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('link checker', () => {
  it('records broken links with the page they are on and lists off-site links', async () => {
    const r = await call<{ recordId: number; pages: number; broken: number }>(s.url, '/website/check', { token, query: { id: Number(ids.broken), kind: 'links' } });
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.pages).toBe(2);
    expect(r.body.data.broken).toBe(2);
    const links = await call<{ list: { pageUrl: string; linkUrl: string; statusCode: number | null; onHome: number; external: number; broken: number }[] }>(s.url, '/website/inspection/links', { token, body: { recordId: r.body.data.recordId, pageSize: 50 } });
    const rows = links.body.data.list;
    const missing = rows.find((l) => l.linkUrl.endsWith('/missing.html'));
    expect(missing).toMatchObject({ pageUrl: broken.url, statusCode: 404, onHome: 1, broken: 1 });
    expect(rows.find((l) => l.linkUrl.endsWith('/gone'))).toMatchObject({ pageUrl: `${broken.url}a.html`, statusCode: 404, onHome: 0 });
    expect(rows.find((l) => l.external === 1)).toMatchObject({ linkUrl: `http://127.0.0.1:${downPort}/x`, broken: 0 });
    const rec = await call<{ kind: string; result: number; message: string }>(s.url, '/website/inspection/get', { token, query: { id: r.body.data.recordId } });
    expect(rec.body.data).toMatchObject({ kind: 'links', result: 2 });
    expect(rec.body.data.message).toContain('错误链接2个（首页1个）');
  });
});

describe('server status', () => {
  it('answers the figures on both calls and keeps samples for the chart', async () => {
    const os = await call<Record<string, unknown>>(s.url, '/website/getOSSystemInfo', { token });
    expect(os.body.errorCode).toBe('0');
    for (const key of ['cpuPercent', 'memTotalMb', 'diskTotalMb', 'uptimeSec', 'nodeVersion', 'dbVersion', 'dbSizeMb', 'pendingGeneration']) expect(os.body.data[key]).not.toBeUndefined();
    expect(os.body.data.nodeVersion).toBe(process.version);
    expect(Number(os.body.data.memTotalMb)).toBeGreaterThan(0);
    const win = await call<Record<string, unknown>>(s.url, '/website/getWinSystemInfo', { token });
    expect(win.body.data.dbType).toBe(os.body.data.dbType);
    const before = (await call<{ totalRow: number }>(s.url, '/website/serverInfo/list', { token, body: {} })).body.data.totalRow;
    expect(await s.app.scheduler.runNow('monitor:server')).toBe(true);
    const after = await call<{ totalRow: number; list: { cpuPercent: number }[] }>(s.url, '/website/serverInfo/list', { token, body: { pageSize: 100 } });
    expect(after.body.data.totalRow).toBe(before + 1);
  });
});
