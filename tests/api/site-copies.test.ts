import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationOf } from '../../server/modules/declarationLookup.js';
import { compressedCopies } from '../../server/modules/generation/compress.js';
import { generateSite } from '../../server/modules/generation/fullSite.js';
import { manifestOf, type SiteManifest } from '../../server/modules/generation/guard/manifest.js';
import { hashFile } from '../../server/modules/generation/guard/pristine.js';
import { walkSite } from '../../server/modules/generation/guard/walk.js';
import { PRECOMPRESS_LOCK, runPrecompressPass } from '../../server/modules/generation/precompress/pass.js';
import { pendingCount } from '../../server/modules/generation/precompress/queue.js';
import { articleRelPath, SiteGenerator } from '../../server/modules/generation/service.js';
import { RenderPool } from '../../server/modules/generation/worker/pool.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

/**
 * Issue 26, session 30: a bulk run puts the pages live without their .br/.gz; the background pass makes them
 * afterwards from each page still as recorded, and records them in the page's manifest row. Until a page's
 * copy exists /site/ sends the page itself, never a copy of an older page. Passes run here by hand (the
 * generator below has no kick), so each state is looked at before the next step.
 */
let server: TestServer;
let pool: RenderPool;
let gen: SiteGenerator;
let site: string;
let manifest: SiteManifest;

const pagesOnDisk = async () => (await walkSite(site)).map((f) => f.rel).filter((rel) => /(^|\/)(index|index_\d+|\d+)\.html$/.test(rel) && /^(index\.html|column\/|article\/)/.test(rel));
const exists = (file: string) => fs.access(file).then(() => true, () => false);
/** What /site/ sends for `rel` to a browser that accepts brotli and gzip (fetch decodes the body; the header says what came). */
async function served(rel: string): Promise<{ encoding: string | null; body: Buffer }> {
  const r = await fetch(`${server.url}/site/${rel}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(r.status, rel).toBe(200);
  return { encoding: r.headers.get('content-encoding'), body: Buffer.from(await r.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startTestServer();
  site = path.join(server.app.portal.config.dataDir, 'site');
  pool = new RenderPool(2);
  gen = new SiteGenerator(server.app.db, server.app.portal.config.dataDir, declarationOf(server.app, 'siteSetting'), pool);
  await fs.mkdir(site, { recursive: true });
  manifest = manifestOf(site)!.manifest;
}, 120_000);
afterAll(async () => {
  await pool?.close();
  await server?.close();
});

describe('pre-compressed copies made after a bulk run', () => {
  it('a full run goes live without copies; the pass then makes every page\'s, byte for byte the inline ones, recorded in its row', async () => {
    const result = await generateSite(gen);
    const pages = await pagesOnDisk();
    expect(pages.length).toBeGreaterThan(10);
    // Live: every page written, none with a copy yet, every one waiting in the manifest.
    for (const rel of pages) expect(await exists(path.join(site, `${rel}.br`)), rel).toBe(false);
    expect(await pendingCount(server.app.db)).toBe(result.pages);
    // What the 静态生成 screen shows: every page still waiting, then none.
    const token = await login(server.url, 'admin', server.adminPassword);
    const waiting = async () => (await call<{ pending: number }>(server.url, '/api/generate/copies', { token, method: 'GET' })).body.data.pending;
    expect(await waiting()).toBe(result.pages);
    const sample = pages.filter((rel) => rel.startsWith('article/'))[0]!;
    const before = await served(sample);
    expect(before.encoding).toBeNull();
    expect(before.body.equals(await fs.readFile(path.join(site, sample)))).toBe(true);

    const pass = await runPrecompressPass(manifest);
    expect(pass).toMatchObject({ ran: true, made: result.pages, skipped: 0 });
    expect(await pendingCount(server.app.db)).toBe(0);
    expect(await waiting()).toBe(0);
    const all = await manifest.all();
    for (const rel of pages) {
      const page = await fs.readFile(path.join(site, rel));
      for (const [suffix, bytes] of compressedCopies(path.join(site, rel), page)) {
        const file = path.join(site, rel + suffix);
        expect((await fs.readFile(file)).equals(bytes), rel + suffix).toBe(true);
        expect(all.get(rel + suffix)?.hash, rel + suffix).toBe((await hashFile(file)).hash);
      }
    }
    const after = await served(sample);
    expect(after.encoding).toBe('br');
    expect(after.body.equals(before.body)).toBe(true);
  }, 180_000);

  it('a page rewritten before its copy is made never gets an older copy served', async () => {
    const row = await server.app.db.selectFrom('article').selectAll().where('status', '=', 5).orderBy('articleId').executeTakeFirstOrThrow();
    const rel = articleRelPath(row);
    const oldBr = await fs.readFile(path.join(site, `${rel}.br`));
    await server.app.db.updateTable('article').set({ title: '副本测试：改过的标题' }).where('articleId', '=', row.articleId).execute();
    await generateSite(gen);
    // The new page is live and its old copies are gone: a browser gets the new page itself.
    expect(await exists(path.join(site, `${rel}.br`))).toBe(false);
    expect(await exists(path.join(site, `${rel}.gz`))).toBe(false);
    const now = await served(rel);
    expect(now.encoding).toBeNull();
    expect(now.body.toString('utf8')).toContain('副本测试：改过的标题');
    expect(brotliDecompressSync(oldBr).toString('utf8')).not.toContain('副本测试：改过的标题');

    // Rewritten again by a writer that has not recorded it yet: the pass leaves it (its writer records it).
    const rewritten = now.body.toString('utf8').replace('副本测试：改过的标题', '副本测试：再改一次');
    await fs.writeFile(path.join(site, rel), rewritten);
    const pass = await runPrecompressPass(manifest);
    expect(pass.skipped).toBe(1);
    expect(await exists(path.join(site, `${rel}.br`))).toBe(false);
    expect(await pendingCount(server.app.db)).toBe(1);
    expect((await served(rel)).body.toString('utf8')).toBe(rewritten);
    // Once recorded as its writer does, the next pass makes the copy of what is on disk now.
    await manifest.recordEntries([{ path: rel, ...(await hashFile(path.join(site, rel))), pendingCopies: true }]);
    expect(await runPrecompressPass(manifest)).toMatchObject({ ran: true, made: 1, skipped: 0 });
    const final = await served(rel);
    expect(final.encoding).toBe('br');
    expect(final.body.toString('utf8')).toBe(rewritten);
    expect(brotliDecompressSync(await fs.readFile(path.join(site, `${rel}.br`))).toString('utf8')).toBe(rewritten);
    expect(gunzipSync(await fs.readFile(path.join(site, `${rel}.gz`))).toString('utf8')).toBe(rewritten);
  }, 180_000);

  it('a republished article gets its copies at once, without a pass', async () => {
    const token = await login(server.url, 'admin', server.adminPassword);
    const row = await server.app.db.selectFrom('article').selectAll().where('status', '=', 5).orderBy('articleId', 'desc').executeTakeFirstOrThrow();
    const r = await call(server.url, '/api/article/update', { token, body: { articleId: row.articleId, title: '副本测试：重新发布' } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    const rel = articleRelPath(row);
    expect(await pendingCount(server.app.db)).toBe(0);
    const page = await fs.readFile(path.join(site, rel), 'utf8');
    expect(page).toContain('副本测试：重新发布');
    expect(brotliDecompressSync(await fs.readFile(path.join(site, `${rel}.br`))).toString('utf8')).toBe(page);
  }, 60_000);

  it('one instance at a time makes the copies (lease row): two passes never compress the same pages', async () => {
    const result = await generateSite(gen);
    expect(await pendingCount(server.app.db)).toBe(result.pages);
    // Another instance holds the lease: this one does nothing, the work stays in the manifest.
    const until = new Date(Date.now() + 60_000).toISOString();
    await server.app.db.insertInto('job_lock').values({ name: PRECOMPRESS_LOCK, owner: 'another-instance', until }).execute();
    expect(await runPrecompressPass(manifest)).toEqual({ ran: false, made: 0, skipped: 0 });
    expect(await pendingCount(server.app.db)).toBe(result.pages);
    // Its lease runs out (it died): the work is taken up. Two passes at once: one runs, the other finds the lease held.
    await server.app.db.updateTable('job_lock').set({ until: new Date(Date.now() - 1000).toISOString() }).where('name', '=', PRECOMPRESS_LOCK).execute();
    const both = await Promise.all([runPrecompressPass(manifest), runPrecompressPass(manifest)]);
    expect(both.filter((p) => p.ran)).toHaveLength(1);
    // Every waiting page handled once: made, or left because the server's own republish of the article
    // edited above (read-aloud refresh) rewrote it meanwhile (then its row is that writer's, not waiting).
    const made = both.reduce((n, p) => n + p.made, 0);
    expect(made + both.reduce((n, p) => n + p.skipped, 0)).toBe(result.pages);
    expect(made).toBeGreaterThan(result.pages - 10);
    expect(await pendingCount(server.app.db)).toBeLessThanOrEqual(result.pages - made);
    expect(await server.app.db.selectFrom('job_lock').select('name').where('name', '=', PRECOMPRESS_LOCK).executeTakeFirst()).toBeUndefined();
  }, 180_000);
});

describe('SITE_PRECOMPRESS=off', () => {
  let off: TestServer;
  let offPool: RenderPool;
  const saved = process.env.SITE_PRECOMPRESS;
  beforeAll(async () => {
    // Read by the render workers as they start: set before this pool starts any.
    process.env.SITE_PRECOMPRESS = 'off';
    off = await startTestServer();
    offPool = new RenderPool(1);
  }, 120_000);
  afterAll(async () => {
    if (saved === undefined) delete process.env.SITE_PRECOMPRESS;
    else process.env.SITE_PRECOMPRESS = saved;
    await offPool?.close();
    await off?.close();
  });

  it('no copies at all: none written, none waiting, no pass', async () => {
    const dataDir = off.app.portal.config.dataDir;
    const offSite = path.join(dataDir, 'site');
    await fs.mkdir(offSite, { recursive: true });
    const result = await generateSite(new SiteGenerator(off.app.db, dataDir, declarationOf(off.app, 'siteSetting'), offPool));
    expect(result.pages).toBeGreaterThan(10);
    const files = (await walkSite(offSite)).map((f) => f.rel);
    expect(files.filter((rel) => rel.endsWith('.html')).length).toBeGreaterThan(10);
    expect(files.filter((rel) => rel.endsWith('.br') || rel.endsWith('.gz'))).toEqual([]);
    expect(await pendingCount(off.app.db)).toBe(0);
    expect(await runPrecompressPass(manifestOf(offSite)!.manifest)).toEqual({ ran: false, made: 0, skipped: 0 });
  }, 180_000);
});
