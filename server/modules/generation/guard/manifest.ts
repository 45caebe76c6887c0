import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../../db/types.js';
import { formatDateTime } from '../../../util/time.js';
import { hashFile, keepPristine } from './pristine.js';

export interface ManifestEntry {
  path: string;
  hash: string;
  size: number;
  /** A page's pre-compressed copies recorded in its own row (a render worker's write): `path + suffix` each. */
  copies?: ManifestCopy[];
  /** A page written without its .br/.gz (a bulk run): `copies` holds PENDING_COPIES until the background pass makes them. */
  pendingCopies?: boolean;
}

/** The `copies` of a page whose .br/.gz the background pass has still to make (precompress/pass.ts). */
export const PENDING_COPIES = 'pending';

export interface ManifestCopy {
  suffix: string;
  hash: string;
  size: number;
}

/** The `copies` column: `[[".br", hash, size], …]`, PENDING_COPIES, or null when the row has none. */
export const copiesText = (copies?: ManifestCopy[], pending?: boolean) => (pending ? PENDING_COPIES : copies?.length ? JSON.stringify(copies.map((c) => [c.suffix, c.hash, c.size])) : null);

function copiesOf(text: unknown): ManifestCopy[] {
  if (typeof text !== 'string' || !text || text === PENDING_COPIES) return [];
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter((c): c is [string, string, number] => Array.isArray(c) && typeof c[0] === 'string' && typeof c[1] === 'string').map(([suffix, hash, size]) => ({ suffix, hash, size: Number(size) }));
  } catch {
    return [];
  }
}

/** The page a compressed copy's path belongs to (`a.html.br` → `a.html`, `.br`), null for any other path. */
export function copyOf(rel: string): { page: string; suffix: string } | null {
  const m = /^(.+)(\.br|\.gz)$/.exec(rel);
  return m?.[1] && m[2] ? { page: m[1], suffix: m[2] } : null;
}

/** `a/b.html` below the site root, never `..`, never absolute: the only paths the manifest holds. */
export function isSiteRel(rel: string): boolean {
  return rel !== '' && !rel.startsWith('/') && !rel.includes('\\') && !rel.split('/').some((p) => p === '' || p === '.' || p === '..');
}

/**
 * The manifest of one site folder: what the generator published, by path, with its hash. `record` is the
 * one way a published file gets into it (server/modules/generation/writer.ts calls it for every file it
 * writes or removes, pages written by the render workers included): a file on disk is hashed, kept as a
 * pristine copy and recorded; a path no longer on disk is forgotten.
 */
export class SiteManifest {
  /** Writes of this process under way (a page batch between its first write and its record). */
  private writing = 0;
  private lastMark = 0;

  constructor(
    readonly db: Db,
    readonly dataDir: string,
    readonly root: string,
  ) {}

  /**
   * A write to the site starts: the check waits while one is under way here, or while any instance wrote
   * within the grace (`site_guard_state.lastWrite`), so it never judges a file written but not yet recorded.
   */
  async beginWrite(): Promise<() => Promise<void>> {
    this.writing += 1;
    await this.markWrite();
    let ended = false;
    return async () => {
      if (ended) return;
      ended = true;
      this.writing -= 1;
      // The last write to end stamps its end; one ending inside another (a run's assets) leaves that to the outer.
      await this.markWrite(this.writing === 0);
    };
  }

  /** A long write goes on (a run recording its pages in groups): other instances' checks keep waiting. */
  async stillWriting(): Promise<void> {
    await this.markWrite();
  }

  get busy(): boolean {
    return this.writing > 0;
  }

  private async markWrite(force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastMark < 1000) return;
    this.lastMark = now;
    await this.db
      .insertInto('site_guard_state')
      .values({ name: 'lastWrite', value: String(now) })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: String(now) }))
      .execute();
  }

  /** When any instance last wrote to the site (ms), 0 if never. */
  async lastWrite(): Promise<number> {
    const row = await this.db.selectFrom('site_guard_state').select('value').where('name', '=', 'lastWrite').executeTakeFirst();
    return Number(row?.value ?? 0) || 0;
  }

  async record(rels: Iterable<string>): Promise<void> {
    const now = formatDateTime();
    const present: ManifestEntry[] = [];
    const gone: string[] = [];
    for (const rel of new Set(rels)) {
      if (!isSiteRel(rel)) continue;
      const file = path.join(this.root, ...rel.split('/'));
      const stat = await fs.lstat(file).catch(() => null);
      if (!stat?.isFile()) {
        gone.push(rel);
        continue;
      }
      const { hash, size } = await hashFile(file);
      await keepPristine(this.dataDir, file, hash);
      present.push({ path: rel, hash, size });
    }
    await this.recordEntries(present, now);
    await this.forget(gone);
  }

  /**
   * Records files already hashed and kept pristine by their writer (the render workers, which hold the
   * bytes: keepPristineBytesSync), in one transaction: a batch of pages costs one commit.
   */
  async recordEntries(entries: readonly ManifestEntry[], now = formatDateTime()): Promise<void> {
    // In path order: the background copy pass records its rows in that order too (precompress/queue.ts), so two
    // transactions over the same rows take their locks in one order and never deadlock (PostgreSQL).
    const valid = entries.filter((e) => isSiteRel(e.path)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    if (!valid.length) return;
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < valid.length; i += 200) {
        // A row recorded without copies clears the ones it had: its .br/.gz then have rows of their own (record);
        // only a page still waiting for its copies, recorded again unchanged (the guard's baseline), keeps waiting.
        const rows = valid.slice(i, i + 200).map((e) => ({ path: e.path, hash: e.hash, size: e.size, updateTime: now, copies: copiesText(e.copies, e.pendingCopies) }));
        const copies = sql<string | null>`case when site_manifest.copies = ${PENDING_COPIES} and site_manifest.hash = excluded.hash and excluded.copies is null then ${PENDING_COPIES} else excluded.copies end`;
        await trx
          .insertInto('site_manifest')
          .values(rows)
          .onConflict((oc) => oc.column('path').doUpdateSet((eb) => ({ hash: eb.ref('excluded.hash'), size: eb.ref('excluded.size'), updateTime: eb.ref('excluded.updateTime'), copies })))
          .execute();
      }
    });
  }

  /** Forgets paths (before the generator removes their files, so the guard never restores them). */
  async forget(rels: string[]): Promise<void> {
    for (let i = 0; i < rels.length; i += 200) await this.db.deleteFrom('site_manifest').where('path', 'in', rels.slice(i, i + 200)).execute();
  }

  /** Forgets every path below the folder `relDir` (a removed column folder). */
  async forgetTree(relDir: string): Promise<void> {
    if (!isSiteRel(relDir)) return;
    await this.db.deleteFrom('site_manifest').where('path', 'like', `${relDir.replace(/[%_\\]/g, '')}/%`).execute();
  }

  /**
   * Every published file with its hash: each row's own path and the copies its row carries. A copy in its
   * page's row wins over a row of its own (left from an earlier write of the page through `record`).
   */
  async all(): Promise<Map<string, ManifestEntry>> {
    const rows = await this.db.selectFrom('site_manifest').select(['path', 'hash', 'size', 'copies']).execute();
    const out = new Map<string, ManifestEntry>();
    for (const r of rows) if (!out.has(String(r.path))) out.set(String(r.path), { path: String(r.path), hash: String(r.hash), size: Number(r.size) });
    for (const r of rows) for (const c of copiesOf(r.copies)) out.set(String(r.path) + c.suffix, { path: String(r.path) + c.suffix, hash: c.hash, size: c.size });
    return out;
  }

  /** The hash recorded for one path now (by the same rule as `all`), null when the manifest does not hold it. */
  async hashOf(rel: string): Promise<string | null> {
    const copy = copyOf(rel);
    if (copy) {
      const page = await this.db.selectFrom('site_manifest').select('copies').where('path', '=', copy.page).executeTakeFirst();
      const found = copiesOf(page?.copies).find((c) => c.suffix === copy.suffix);
      if (found) return found.hash;
    }
    const row = await this.db.selectFrom('site_manifest').select('hash').where('path', '=', rel).executeTakeFirst();
    return row ? String(row.hash) : null;
  }

  /**
   * Records a compressed copy made again (the guard's repair, when the compression settings changed since
   * the page was written): in its page's row when the row carries it, else in a row of its own.
   */
  async recordCopy(rel: string): Promise<void> {
    const copy = copyOf(rel);
    const page = copy ? await this.db.selectFrom('site_manifest').select(['copies']).where('path', '=', copy.page).executeTakeFirst() : undefined;
    const copies = copiesOf(page?.copies);
    const mine = copies.find((c) => c.suffix === copy?.suffix);
    if (!copy || !mine) return await this.record([rel]);
    const { hash, size } = await hashFile(path.join(this.root, ...rel.split('/')));
    Object.assign(mine, { hash, size });
    await this.db.updateTable('site_manifest').set({ copies: copiesText(copies) }).where('path', '=', copy.page).execute();
  }
}

/** The manifest of each site folder this process writes (one per server; tests run several). */
const manifests = new Map<string, SiteManifest>();

export function registerManifest(manifest: SiteManifest): () => void {
  manifests.set(path.resolve(manifest.root), manifest);
  return () => {
    if (manifests.get(path.resolve(manifest.root)) === manifest) manifests.delete(path.resolve(manifest.root));
  };
}

/** The manifest and relative path of an absolute file under a registered site folder. */
export function manifestOf(file: string): { manifest: SiteManifest; rel: string } | null {
  const abs = path.resolve(file);
  for (const [root, manifest] of manifests) {
    const rel = path.relative(root, abs);
    // '' is the site folder itself (a write run of the render workers names only it).
    if (!rel.startsWith('..') && !path.isAbsolute(rel)) return { manifest, rel: rel.split(path.sep).join('/') };
  }
  return null;
}
