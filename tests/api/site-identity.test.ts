import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLinkChecks } from '../../server/modules/monitoring/linkRun.js';
import { monitorSettings } from '../../server/modules/monitoring/settings.js';
import { DEMO_SITE_IDENTITY } from '../../server/modules/system/siteSettings/seed.js';
import { jiucuoUrl, missingMeta, pageTypeOf, policeLookupUrl, type PageType } from '../../server/shared/siteIdentity.js';
import { formatDateTime } from '../../server/util/time.js';
import { crawl } from './helpers/siteCrawler.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// A fresh install with demo data, as server/main.ts starts it (site generated once listening, scheduler
// on) with a 1 s availability tick: the crawled site carries every identity item in its footer and the
// 47号 meta tags of each page type; within minutes the dashboard shows real checks of 本站 and no
// seeded figure exists anywhere.
let s: TestServer;
let token: string;
let started: string;
/** When the generated home page appeared (every link record must come after it). */
let homeWritten: string;
const pages = new Map<string, string>();

beforeAll(async () => {
  started = formatDateTime(new Date(Date.now() - 1000));
  s = await startTestServer({ generateSiteOnStart: true, scheduler: true, monitorTickMs: 1000 });
  token = await login(s.url, 'admin', s.adminPassword);
  const home = path.join(s.app.portal.config.dataDir, 'site', 'index.html');
  const until = async (ok: () => Promise<boolean>) => {
    for (let i = 0; i < 360 && !(await ok()); i += 1) await new Promise((r) => setTimeout(r, 500));
  };
  await until(() => fs.access(home).then(() => true, () => false));
  homeWritten = formatDateTime(new Date(Date.now() - 1000));
  await until(async () => !(await call<{ running: boolean }>(s.url, '/api/generate/progress', { token, method: 'GET' })).body.data.running);
}, 240_000);
afterAll(async () => s?.close());

describe('the identity on every generated page', () => {
  it('footer and meta tags of every page type hold every identity item', async () => {
    const result = await crawl(`${s.url}/site/index.html`, 3000, (url, html) => {
      const rel = new URL(url).pathname.replace(/^\/site\//, '');
      if (rel.endsWith('.html')) pages.set(rel, html);
    });
    expect(result.broken).toEqual([]);
    const seen = new Set<PageType>();
    const id = DEMO_SITE_IDENTITY;
    for (const [rel, html] of pages) {
      const type = pageTypeOf(rel);
      seen.add(type);
      expect(missingMeta(html, type), rel).toEqual([]);
      expect(html, rel).toContain(`<meta name="SiteIDCode" content="${id.siteIdCode}">`);
      expect(html, rel).toContain(`<meta name="SiteDomain" content="${id.siteDomain}">`);
      const footer = html.slice(html.indexOf('<footer'));
      for (const text of [id.sponsor, id.organizer, id.phone, id.address, `网站标识码：${id.siteIdCode}`, id.icp, id.policeRecord]) expect(footer, `${rel}: ${text}`).toContain(text);
      expect(footer, rel).toContain(`href="https://beian.miit.gov.cn/"`);
      expect(footer, rel).toContain(`href="${policeLookupUrl(id.policeRecord)}"`);
      expect(footer, rel).toContain(`href="${jiucuoUrl(id.siteIdCode, id.siteDomain).replace(/&/g, '&amp;')}"`);
      expect(footer, rel).toContain('>我为政府网站找错<');
      expect(footer, rel).toMatch(new RegExp(`<a href="${id.conacLink.replace(/[?.]/g, '\\$&').replace(/&/g, '&amp;')}"[^>]*><img src="[^"]*images/dzjg\\.svg" alt="党政机关网站标识"`));
    }
    expect([...seen].sort()).toEqual(['article', 'column', 'home', 'page']);
    // Article pages carry all 15 tags of 47号.
    const article = [...pages].find(([rel]) => rel.startsWith('article/'))?.[1] ?? '';
    expect([...article.matchAll(/<meta name="([A-Za-z]+)" content="[^"]+"/g)].map((m) => m[1]).filter((n) => /^[A-Z]/.test(n ?? ''))).toHaveLength(15);
  });

  it('the monitoring identity check finds nothing missing, then lists an emptied item and a page without a tag', async () => {
    type Ind = { key: string; red: boolean; items: { label: string; detail: string }[] };
    const board = async () => (await call<{ indicators: Ind[] }>(s.url, '/website/monitor/dashboard', { token })).body.data.indicators.find((i) => i.key === 'identity') as Ind;
    expect((await board()).red).toBe(false);
    await s.app.db.updateTable('site_setting').set({ icp: null }).execute();
    const page = path.join(s.app.portal.config.dataDir, 'site', 'sitemap.html');
    const html = await fs.readFile(page, 'utf8');
    await fs.writeFile(page, html.replace(/<meta name="SiteIDCode"[^>]*>/, ''));
    const red = await board();
    expect(red.red).toBe(true);
    expect(red.items.map((i) => i.label)).toEqual(['ICP备案号', 'sitemap.html']);
    expect(red.items[1]?.detail).toContain('SiteIDCode');
    await s.app.db.updateTable('site_setting').set({ icp: DEMO_SITE_IDENTITY.icp }).execute();
    await fs.writeFile(page, html);
    expect((await board()).red).toBe(false);
  });
});

describe('monitoring shows only real figures', () => {
  it('checks 本站 at the address it serves within minutes of the first start', async () => {
    type Ind = { key: string; value: string; link: string };
    await expect
      .poll(async () => (await call<{ indicators: Ind[] }>(s.url, '/website/monitor/dashboard', { token })).body.data.indicators.find((i) => i.key === 'unreachable')?.value, { timeout: 120_000, interval: 1000 })
      .toMatch(/最高单日失败率0\.0%（\d\d-\d\d：0\/\d+）/);
    const own = await s.app.db.selectFrom('website').selectAll().where('type', '=', 1).executeTakeFirstOrThrow();
    expect(own.url).toBe(`${s.url}/site/`.replace('localhost', '127.0.0.1'));
    expect(own).toMatchObject({ checkEnabled: 1, state: 1 });
    const records = await s.app.db.selectFrom('inspection_record').selectAll().where('kind', '=', 'availability').execute();
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r).toMatchObject({ websiteId: own.id, statusCode: 200, result: 1 });
  }, 150_000);

  it('holds no seeded figure: every record and sample was measured by this server, fictional sites carry none', async () => {
    for (const r of await s.app.db.selectFrom('inspection_record').select(['checkTime', 'message']).execute()) {
      expect(String(r.checkTime) >= started, String(r.checkTime)).toBe(true);
      expect(r.message).not.toContain('尚未生成');
    }
    for (const r of await s.app.db.selectFrom('server_sample').select(['sampleTime', 'hostName']).execute()) {
      expect(String(r.sampleTime) >= started).toBe(true);
      expect(r.hostName).not.toBe('portal-demo');
    }
    const others = await s.app.db.selectFrom('website').selectAll().where('type', '<>', 1).execute();
    expect(others.length).toBeGreaterThan(0);
    for (const w of others) expect(w, String(w.name)).toMatchObject({ checkEnabled: 0, state: 0, lastCheckTime: null, responseMs: null });
    expect(await s.app.db.selectFrom('annual_report').selectAll().execute()).toEqual([]);
  });

  it('the link check of 本站 reads the generated site once it exists', async () => {
    // The scheduler's first run may come before or after the generation (or overlap it): whichever, no record
    // predates the generated site. The check is then driven directly until 本站 has its record (a run in
    // flight holds the site's lease, so this waits for it rather than racing it).
    const links = () => s.app.db.selectFrom('inspection_record').selectAll().where('kind', '=', 'links').execute();
    for (const r of await links()) expect(String(r.checkTime) >= homeWritten, String(r.checkTime)).toBe(true);
    const settings = monitorSettings(s.app.portal.config);
    await expect
      .poll(async () => {
        if (!(await links()).length) await runLinkChecks(s.app.db, settings);
        return (await links()).length;
      }, { timeout: 120_000, interval: 1000 })
      .toBeGreaterThan(0);
    const own = await s.app.db.selectFrom('website').select('id').where('type', '=', 1).executeTakeFirstOrThrow();
    for (const rec of await links()) {
      expect(rec.websiteId).toBe(own.id);
      expect(JSON.parse(String(rec.detail)).pages).toBeGreaterThan(5);
    }
  }, 150_000);
});
