import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../resources/types';
import { loadDeclarations } from '../../server/resources/loadDeclarations';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer';

// A fresh start with demo data shows records on every list screen of both apps (issue 10).
let server: TestServer;
let decls: ResourceDecl[];
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  decls = await loadDeclarations();
  tokens.set('adminSite', await login(server.url, 'admin', server.adminPassword));
  tokens.set('reportSite', await login(server.url, 'admin', server.adminPassword, 'reportSite'));
});

afterAll(async () => {
  await server?.close();
});

function countOf(data: unknown): number {
  if (Array.isArray(data)) return data.length;
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    if (!('list' in d) && !('totalRow' in d)) return Object.keys(d).length; // a single settings record
    for (const k of ['totalRow', 'total', 'totalCount']) if (typeof d[k] === 'number') return d[k] as number;
    for (const k of ['list', 'records', 'rows']) if (Array.isArray(d[k])) return (d[k] as unknown[]).length;
  }
  return 0;
}

describe('demo records on a fresh start', () => {
  it('every declared list has records', async () => {
    // Monitoring seeds no made-up history: its lists fill with what the server measures (a server sample,
    // the content check), as the scheduler does on a real start.
    for (const job of ['monitor:server', 'monitor:content']) expect(await server.app.scheduler.runNow(job), job).toBe(true);
    const empty: string[] = [];
    // Honestly empty on a fresh start (issue 22): backups come from the nightly job or 立即备份, tamper
    // events only from an altered file; neither is ever made up.
    const honestlyEmpty = new Set(['backup', 'siteTamperEvent']);
    for (const d of decls.filter((x) => !honestlyEmpty.has(x.name))) {
      const app = d.menu.app ?? 'adminSite';
      const method = d.api.list.method ?? 'POST';
      const page = { pageNum: 1, pageSize: 10, pageNumber: 1 };
      const r = await call(server.url, d.api.list.path, { token: tokens.get(app), appKey: app, method, ...(method === 'GET' ? { query: page } : { body: page }) });
      if (r.body.errorCode !== '0' || countOf(r.body.data) === 0) empty.push(`${d.name} ${d.api.list.path} ${r.body.errorCode} ${r.body.errorMsg ?? ''}`);
    }
    expect(empty).toEqual([]);
  });
});

describe('demo records make sense', () => {
  it('the reporting screens show submissions to their staff and reviewers', async () => {
    const xinxi = await login(server.url, 'xinxi', DEMO_PASSWORD, 'reportSite');
    const shenhe = await login(server.url, 'shenhe', DEMO_PASSWORD, 'reportSite');
    const mine = await call(server.url, '/api/report/my', { token: xinxi, appKey: 'reportSite', body: { pageNum: 1, pageSize: 10 } });
    expect(countOf(mine.body.data)).toBeGreaterThan(0);
    const toReview = await call(server.url, '/api/report/role', { token: shenhe, appKey: 'reportSite', body: { pageNum: 1, pageSize: 10 } });
    expect(countOf(toReview.body.data)).toBeGreaterThan(0);
  });

  it('every hot word the public site offers finds an article (a click on one never meets an empty page)', async () => {
    const words = (await call<{ word: string }[]>(server.url, '/web/hotWord/list')).body.data.map((w) => w.word);
    expect(words.length).toBeGreaterThan(2);
    const empty: string[] = [];
    for (const word of words) {
      const r = await call<{ totalRow: number }>(server.url, '/api/article/queryEsArticle', { method: 'GET', query: { keyword: word } });
      if (r.body.errorCode !== '0' || !(r.body.data.totalRow > 0)) empty.push(`${word} ${r.body.errorCode} ${r.body.data?.totalRow}`);
    }
    expect(empty).toEqual([]);
  });

  it('websites belong to the departments that run them; no two users share a name', async () => {
    const sites = await call<{ list: { name: string; deptName: string }[] }>(server.url, '/website/list', { token: tokens.get('adminSite'), body: { pageNum: 1, pageSize: 50 } });
    const dept = new Map(sites.body.data.list.map((s) => [s.name, s.deptName]));
    expect(dept.get('云溪县教育局')).toBe('县教育局');
    expect(dept.get('青石镇人民政府')).toBe('青石镇');
    const users = await call<{ list: { name: string }[] }>(server.url, '/ding/user/list', { token: tokens.get('adminSite'), body: { pageNum: 1, pageSize: 200 } });
    const names = users.body.data.list.map((u) => u.name);
    expect(names.length).toBeGreaterThan(5);
    expect(new Set(names).size).toBe(names.length);
  });
});
