import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_GUARD_JOB } from '../../server/modules/generation/guard/job.js';
import { SiteManifest } from '../../server/modules/generation/guard/manifest.js';
import { hashFile, pristinePath } from '../../server/modules/generation/guard/pristine.js';
import { walkSite } from '../../server/modules/generation/guard/walk.js';
import { backgroundCopiesOf } from '../../server/modules/generation/precompress/index.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

/**
 * 网页防篡改 (issue 22): generation records every published file in the manifest; the scheduled check (a
 * short interval here) puts back a changed or deleted page, quarantines an added file, records each event
 * for site monitoring and alerts the reminder settings of 网页被篡改; the generator's own changes are no events.
 */
const INTERVAL = 2_000;
const GRACE = 500;
let server: TestServer;
let token: string;
let site: string;

type Event = { path: string; kind: string; action: string; message: string };
const events = async () => (await call<{ list: Event[]; totalRow: number }>(server.url, '/website/tamper/list', { token, body: { pageSize: 100 } })).body.data;

/** The guard job's current lease (its `until`): each scheduled check takes a new one as it starts. */
const guardLease = async () => ((await server.app.db.selectFrom('job_lock').select('until').where('name', '=', `job:${SITE_GUARD_JOB}`).executeTakeFirst()) as { until: string } | undefined)?.until ?? null;

/** Notes every guard lease other than `before` while `check` is polled: the checks that started meanwhile. */
function countingChecks(before: string | null, check: () => Promise<boolean>) {
  const leases = new Set<string>();
  return {
    leases,
    poll: async () => {
      const u = await guardLease();
      if (u && u !== before) leases.add(u);
      return check();
    },
  };
}

async function until(ok: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  server = await startTestServer({ generateSiteOnStart: true, scheduler: true, siteGuard: { everyMs: INTERVAL, graceMs: GRACE } });
  token = await login(server.url, 'admin', server.adminPassword);
  site = path.join(server.app.portal.config.dataDir, 'site');
  await until(async () => {
    const p = (await call<{ kind: string; running: boolean }>(server.url, '/api/generate/progress', { token, method: 'GET' })).body.data;
    return p?.kind === 'site' && !p.running;
  }, 180_000);
  // A full run's .br/.gz are made by the background pass after it (session 30): the tests below use them.
  await backgroundCopiesOf(site)?.idle();
  // The first check takes the files on disk as the baseline (they are what the generator just recorded).
  await until(async () => Boolean(await server.app.db.selectFrom('site_guard_state').select('value').where('name', '=', 'baseline').executeTakeFirst()), 60_000);
}, 300_000);
afterAll(async () => server?.close());

describe('site guard', () => {
  it('the manifest holds every published file with its hash, in the database', async () => {
    const files = (await walkSite(site)).filter((f) => f.regular);
    expect(files.length).toBeGreaterThan(10);
    // Read as the check reads it: a page written by a render worker carries its .br/.gz hashes in its own row (session 28).
    const manifest = new SiteManifest(server.app.db, server.app.portal.config.dataDir, site);
    const rows = new Map([...(await manifest.all()).values()].map((r) => [r.path, r.hash]));
    for (const f of files) expect(rows.get(f.rel), f.rel).toBe((await hashFile(path.join(site, f.rel))).hash);
    expect(rows.size).toBe(files.length);
    expect((await events()).totalRow).toBe(0);
  });

  it('an altered, a deleted and added files are restored or quarantined and reported within one interval', async () => {
    const home = path.join(site, 'index.html');
    const original = await fs.readFile(home, 'utf8');
    const article = (await walkSite(path.join(site, 'article'))).find((f) => f.rel.endsWith('.html'));
    expect(article).toBeDefined();
    const articleFile = path.join(site, 'article', article!.rel);
    const articleText = await fs.readFile(articleFile, 'utf8');
    const started = Date.now();
    await fs.writeFile(home, '<h1>hacked by nobody</h1>');
    await fs.rm(articleFile);
    await fs.writeFile(path.join(site, 'evil.html'), '<script>alert(1)</script>');
    await fs.mkdir(path.join(site, 'column', 'planted'), { recursive: true });
    await fs.writeFile(path.join(site, 'column', 'planted', 'shell.php'), '<?php system($_GET[1]);');
    // The checks that start from here on are counted by their leases.
    const checks = countingChecks(await guardLease(), async () => fixed());

    const fixed = async () =>
      (await fs.readFile(home, 'utf8').catch(() => '')) === original &&
      (await fs.readFile(articleFile, 'utf8').catch(() => '')) === articleText &&
      !(await fs.access(path.join(site, 'evil.html')).then(() => true, () => false)) &&
      !(await fs.access(path.join(site, 'column', 'planted', 'shell.php')).then(() => true, () => false));
    await expect.poll(checks.poll, { timeout: 30_000, interval: 100 }).toBe(true);
    const elapsed = Date.now() - started;
    console.log(`site guard: altered, deleted and added files handled ${elapsed} ms after the change, by check ${checks.leases.size} since (interval ${INTERVAL} ms, grace ${GRACE} ms)`);
    // Handled by the next scheduled check, or the one after when the next began within the grace of the
    // just-written files. Counted in checks, not in ms: on a loaded machine a check's own time varies by
    // seconds (was: a wall-clock bound of interval + grace + 5 s).
    expect(checks.leases.size).toBeGreaterThanOrEqual(1);
    expect(checks.leases.size).toBeLessThanOrEqual(2);

    await expect.poll(async () => (await events()).totalRow, { timeout: 10_000 }).toBe(4);
    const list = (await events()).list;
    const by = (p: string) => list.find((e) => e.path === p);
    expect(by('index.html')).toMatchObject({ kind: 'altered', action: 'restored' });
    expect(by(`article/${article!.rel}`)).toMatchObject({ kind: 'removed', action: 'restored' });
    expect(by('evil.html')).toMatchObject({ kind: 'added', action: 'quarantined' });
    expect(by('column/planted/shell.php')).toMatchObject({ kind: 'added', action: 'quarantined' });
    expect(list.every((e) => /[\u4e00-\u9fa5]/.test(e.message))).toBe(true);

    // The defaced page and the planted files are kept as evidence, outside the site.
    const quarantined = (await walkSite(path.join(server.app.portal.config.dataDir, 'site-guard', 'quarantine'))).map((f) => f.rel);
    expect(quarantined.some((r) => r.endsWith('/index.html'))).toBe(true);
    expect(quarantined.some((r) => r.endsWith('/evil.html'))).toBe(true);
    expect(quarantined.some((r) => r.endsWith('/column/planted/shell.php'))).toBe(true);
    // The reminder settings of 网页被篡改 (the demo's: 系统管理员) got an in-app message: sent after the events
    // are recorded (guard/job.ts), so it may follow them by a moment (failed once on PostgreSQL at load 12).
    // When a check began while the four changes were being made, the next one found the rest (allowed above):
    // then each check sent its own message, and together they name all four (failed once on PostgreSQL, session
    // 38: '网站发现1处文件改动' came first).
    const notices = () => server.app.db.selectFrom('notice').select(['title', 'content']).where('title', 'like', '网页被篡改%').orderBy('id').execute();
    const changesTold = async () => (await notices()).reduce((sum, n) => sum + Number(/(\d+)处文件改动/.exec(n.title ?? '')?.[1] ?? 0), 0);
    await expect.poll(changesTold, { timeout: 10_000 }).toBe(4);
    // One message per check that found something, at most (the one under way during the changes is not counted).
    expect((await notices()).length).toBeLessThanOrEqual(checks.leases.size + 1);
    expect((await notices()).map((n) => n.content).join('\n')).toContain('evil.html');
  }, 60_000);

  it('a page\'s .br and .gz, which keep no pristine copy of their own, are compressed again from the page\'s', async () => {
    const page = (await walkSite(path.join(site, 'article'))).find((f) => f.rel.endsWith('.html'));
    expect(page).toBeDefined();
    const file = path.join(site, 'article', page!.rel);
    const [br, gz] = await Promise.all([fs.readFile(`${file}.br`), fs.readFile(`${file}.gz`)]);
    // A render worker records their hashes only; here the first check's baseline kept copies of every file
    // on disk, so those are removed: the copies must come from the page's own pristine copy.
    for (const f of [`${file}.br`, `${file}.gz`]) await fs.rm(pristinePath(server.app.portal.config.dataDir, (await hashFile(f)).hash));
    const before = (await events()).totalRow;
    await fs.writeFile(`${file}.br`, 'defaced');
    await fs.rm(`${file}.gz`);
    const fixed = async () => {
      const [b, g] = await Promise.all([fs.readFile(`${file}.br`).catch(() => null), fs.readFile(`${file}.gz`).catch(() => null)]);
      return Boolean(b?.equals(br) && g?.equals(gz));
    };
    await expect.poll(fixed, { timeout: 30_000, interval: 100 }).toBe(true);
    await expect.poll(async () => (await events()).totalRow, { timeout: 10_000 }).toBe(before + 2);
    const list = (await events()).list;
    expect(list.find((e) => e.path === `article/${page!.rel}.br`)).toMatchObject({ kind: 'altered', action: 'restored' });
    expect(list.find((e) => e.path === `article/${page!.rel}.gz`)).toMatchObject({ kind: 'removed', action: 'restored' });
  }, 60_000);

  it('the generator\'s own changes are not tampering', async () => {
    const before = (await events()).totalRow;
    const r = await call(server.url, '/api/generate/generateIndex', { token });
    expect(r.body.errorCode).toBe('0');
    const home = await fs.readFile(path.join(site, 'index.html'), 'utf8');
    // Two whole checks after the generation: the third lease since is taken only once the second check has
    // finished (was a fixed sleep of two intervals and the grace, which a loaded machine can fill with fewer checks).
    const checks = countingChecks(await guardLease(), async () => true);
    await expect.poll(async () => (await checks.poll(), checks.leases.size), { timeout: 45_000, interval: 100 }).toBeGreaterThanOrEqual(3);
    expect((await events()).totalRow).toBe(before);
    expect(await fs.readFile(path.join(site, 'index.html'), 'utf8')).toBe(home);
  }, 60_000);
});
