import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/connect.js';
import { siteManifestCopiesMigration, siteManifestMigration } from '../../../server/modules/generation/guard/migrations.js';
import { copyOf, SiteManifest } from '../../../server/modules/generation/guard/manifest.js';

/**
 * Issue 26, session 28: a page written by a render worker carries its .br/.gz hashes in its own manifest row;
 * the guard reads them as if each copy had a row (all, hashOf), and a copy in the page's row wins over a row
 * of the copy's own left from an earlier write through `record`.
 */
const dir = mkdtempSync(join(tmpdir(), 'manifest-copies-'));
const { db } = openDatabase({ dataDir: dir });
const site = join(dir, 'site');
const manifest = new SiteManifest(db, dir, site);
const hashes = async () => new Map([...(await manifest.all()).values()].map((e) => [e.path, e.hash]));

beforeAll(async () => {
  await siteManifestMigration().up(db);
  await siteManifestCopiesMigration().up(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('site manifest: one row per page with its copies', () => {
  it('names the page of a copy', () => {
    expect(copyOf('article/2026/01/5.html.br')).toEqual({ page: 'article/2026/01/5.html', suffix: '.br' });
    expect(copyOf('index.html.gz')).toEqual({ page: 'index.html', suffix: '.gz' });
    expect(copyOf('index.html')).toBeNull();
  });

  it('answers a page and its copies from one row, the copies winning over rows of their own', async () => {
    await manifest.recordEntries([{ path: 'a.html', hash: 'pa', size: 10, copies: [{ suffix: '.br', hash: 'ba', size: 4 }, { suffix: '.gz', hash: 'ga', size: 5 }] }]);
    expect(Number((await db.selectFrom('site_manifest').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n)).toBe(1);
    expect(await hashes()).toEqual(new Map([['a.html', 'pa'], ['a.html.br', 'ba'], ['a.html.gz', 'ga']]));
    // A row of the copy's own (an earlier write through record) no longer decides.
    await manifest.recordEntries([{ path: 'a.html.br', hash: 'stale', size: 1 }]);
    expect((await hashes()).get('a.html.br')).toBe('ba');
    expect(await manifest.hashOf('a.html.br')).toBe('ba');
    expect(await manifest.hashOf('a.html')).toBe('pa');
    expect(await manifest.hashOf('missing.html.gz')).toBeNull();
  });

  it('a page recorded without copies clears them; forgetting the page forgets its copies', async () => {
    await manifest.recordEntries([{ path: 'a.html', hash: 'pa2', size: 11 }]);
    const now = await hashes();
    expect(now.get('a.html')).toBe('pa2');
    expect(now.get('a.html.br')).toBe('stale');
    expect(now.has('a.html.gz')).toBe(false);
    await manifest.recordEntries([{ path: 'b.html', hash: 'pb', size: 10, copies: [{ suffix: '.gz', hash: 'gb', size: 5 }] }]);
    await manifest.forget(['b.html']);
    expect([...(await hashes()).keys()].filter((p) => p.startsWith('b.html'))).toEqual([]);
  });

  it('a copy made again is recorded in its page\'s row, not in a new row', async () => {
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'c.html.br'), 'made again');
    await manifest.recordEntries([{ path: 'c.html', hash: 'pc', size: 10, copies: [{ suffix: '.br', hash: 'old', size: 3 }] }]);
    await manifest.recordCopy('c.html.br');
    const expected = createHash('sha256').update('made again').digest('hex');
    expect(await manifest.hashOf('c.html.br')).toBe(expected);
    expect(await db.selectFrom('site_manifest').select('path').where('path', '=', 'c.html.br').executeTakeFirst()).toBeUndefined();
  });
});
