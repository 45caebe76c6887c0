import fs from 'node:fs/promises';
import path from 'node:path';
import { formatDateTime } from '../../../util/time.js';
import { copyOf, type ManifestEntry, type SiteManifest } from './manifest.js';
import { compressedCopies } from '../compress.js';
import { hashFile, quarantineDir, restoreCompressed, restorePristine } from './pristine.js';
import { walkSite, type DiskFile } from './walk.js';

export type TamperKind = 'altered' | 'removed' | 'added';
export type TamperAction = 'restored' | 'quarantined' | 'failed';

export interface TamperEvent {
  path: string;
  kind: TamperKind;
  action: TamperAction;
  expectedHash: string | null;
  foundHash: string | null;
  message: string;
}

export interface CheckResult {
  files: number;
  events: TamperEvent[];
  /** True when this run took the files on disk as the first manifest (an installation older than the guard). */
  baseline: boolean;
  /** True when the check waited for the generator (writing now, or within the grace): the next one looks. */
  deferred: boolean;
}

const KIND_LABEL: Record<TamperKind, string> = { altered: '被修改', removed: '被删除', added: '被添加' };

/**
 * One check of the site folder against the manifest (docs/generation.md "Site guard"): a published file
 * changed or missing is put back from its pristine copy (a changed one is kept in quarantine first, as
 * evidence); a file nobody published is moved to quarantine. Files changed within `graceMs` are left for the
 * next check: the generator may have written them a moment before recording them.
 */
export class SiteChecker {
  /** Hashes of files whose inode, size and change time (ctime, which no user can set) are unchanged. */
  private readonly hashes = new Map<string, { key: string; hash: string }>();

  constructor(
    readonly manifest: SiteManifest,
    readonly graceMs: number,
  ) {}

  private get dataDir() {
    return this.manifest.dataDir;
  }

  private abs(rel: string) {
    return path.join(this.manifest.root, ...rel.split('/'));
  }

  async check(now = Date.now()): Promise<CheckResult> {
    if (this.manifest.busy || Math.abs(now - (await this.manifest.lastWrite())) < this.graceMs) return { files: 0, events: [], baseline: false, deferred: true };
    const baseline = await this.ensureBaseline();
    const expected = await this.manifest.all();
    const disk = await walkSite(this.manifest.root);
    const onDisk = new Set(disk.map((f) => f.rel));
    const recent = (f: DiskFile) => Math.abs(now - f.ctimeMs) < this.graceMs;
    const events: TamperEvent[] = [];
    const stamp = formatDateTime(new Date(now)).replace(/[-: ]/g, '');
    // Added first: a folder planted where a published file was must be emptied before the file comes back.
    for (const f of disk) {
      if (expected.has(f.rel) || recent(f)) continue;
      events.push(await this.quarantine(f.rel, stamp, 'added', null, f.regular ? await this.hashOf(f) : null));
    }
    for (const f of disk) {
      const entry = expected.get(f.rel);
      if (!entry || recent(f)) continue;
      const found = f.regular ? await this.hashOf(f) : null;
      if (found === entry.hash) continue;
      if (!(await this.stillExpected(entry))) continue;
      events.push(await this.restore(entry, 'altered', found, stamp));
    }
    for (const entry of expected.values()) {
      if (onDisk.has(entry.path) || !(await this.stillExpected(entry))) continue;
      events.push(await this.restore(entry, 'removed', null, stamp));
    }
    return { files: disk.length, events, baseline, deferred: false };
  }

  /** The first check of an installation takes the files on disk as published (once, recorded in site_guard_state). */
  private async ensureBaseline(): Promise<boolean> {
    const db = this.manifest.db;
    const done = await db.selectFrom('site_guard_state').select('value').where('name', '=', 'baseline').executeTakeFirst();
    if (done) return false;
    const disk = await walkSite(this.manifest.root);
    await this.manifest.record(disk.filter((f) => f.regular).map((f) => f.rel));
    await db
      .insertInto('site_guard_state')
      .values({ name: 'baseline', value: formatDateTime() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return true;
  }

  private async hashOf(f: DiskFile): Promise<string | null> {
    const key = `${f.ino}:${f.size}:${f.ctimeMs}`;
    const known = this.hashes.get(f.rel);
    if (known?.key === key) return known.hash;
    const hash = await hashFile(this.abs(f.rel)).then((h) => h.hash, () => null);
    if (hash) this.hashes.set(f.rel, { key, hash });
    return hash;
  }

  /** The manifest row is what the check read (the generator did not record the path again meanwhile). */
  private async stillExpected(entry: ManifestEntry): Promise<boolean> {
    return (await this.manifest.hashOf(entry.path)) === entry.hash;
  }

  /** Moves a file (or whatever stands at the path) into quarantine/<time>/<path>. */
  private async moveAway(rel: string, stamp: string): Promise<void> {
    const target = path.join(quarantineDir(this.dataDir), stamp, ...rel.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(this.abs(rel), target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      await fs.cp(this.abs(rel), target, { recursive: true });
      await fs.rm(this.abs(rel), { recursive: true, force: true });
    });
  }

  private async quarantine(rel: string, stamp: string, kind: TamperKind, expectedHash: string | null, foundHash: string | null): Promise<TamperEvent> {
    try {
      await this.moveAway(rel, stamp);
      return { path: rel, kind, action: 'quarantined', expectedHash, foundHash, message: `文件${KIND_LABEL[kind]}，已移入隔离区` };
    } catch (error) {
      return { path: rel, kind, action: 'failed', expectedHash, foundHash, message: `文件${KIND_LABEL[kind]}，移入隔离区失败：${String((error as Error).message).slice(0, 200)}` };
    }
  }

  /**
   * A page's .br/.gz written by a render worker has no pristine copy of its own: it is compressed again from
   * the page's pristine copy (recorded again if the compression settings changed since). False when the
   * path is no compressed copy or its page has no sound copy.
   */
  private async recompress(entry: ManifestEntry): Promise<boolean> {
    const copy = copyOf(entry.path);
    if (!copy) return false;
    const { page: pagePath, suffix } = copy;
    const page = await this.manifest.db.selectFrom('site_manifest').select('hash').where('path', '=', pagePath).executeTakeFirst();
    if (!page) return false;
    const compress = (bytes: Buffer) => compressedCopies(pagePath, bytes).find(([s]) => s === suffix)?.[1] ?? null;
    const hash = await restoreCompressed(this.dataDir, String(page.hash), this.abs(entry.path), compress);
    if (hash === null) return false;
    if (hash !== entry.hash) await this.manifest.recordCopy(entry.path);
    return true;
  }

  private async restore(entry: ManifestEntry, kind: TamperKind, foundHash: string | null, stamp: string): Promise<TamperEvent> {
    const base = { path: entry.path, kind, expectedHash: entry.hash, foundHash };
    try {
      // The changed file (or a folder planted at its path) is kept as evidence before the original comes back.
      if (await fs.lstat(this.abs(entry.path)).then(() => true, () => false)) await this.moveAway(entry.path, stamp);
      if ((await restorePristine(this.dataDir, entry.hash, this.abs(entry.path))) || (await this.recompress(entry))) {
        this.hashes.delete(entry.path);
        return { ...base, action: 'restored', message: `文件${KIND_LABEL[kind]}，已从原始副本恢复` };
      }
      return { ...base, action: 'failed', message: `文件${KIND_LABEL[kind]}，原始副本缺失或已损坏，请重新生成该页面` };
    } catch (error) {
      return { ...base, action: 'failed', message: `文件${KIND_LABEL[kind]}，恢复失败：${String((error as Error).message).slice(0, 200)}` };
    }
  }
}
