import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PortalError } from '../../../http/errors.js';
import { SHIPPED_SKINS_DIR, templatesRoot } from './store.js';

/**
 * Skin upgrades (docs/generation.md "Skin upgrades"): the shipped skins reach an existing installation
 * without overwriting what staff edited. `${DATA_DIR}/templates-manifest.json` records, per shipped file,
 * the shipped version last installed (`installed`) and a newer version staff chose not to take (`kept`).
 * A file whose content is the installed version, or any version ever shipped (shippedHistory.json, for
 * installations older than the manifest), is unedited and is replaced; an edited one stays and is listed
 * as 有新版本 until staff take the new version or keep theirs.
 */

export const MANIFEST_FILE = 'templates-manifest.json';
const HISTORY_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'shippedHistory.json');

interface ManifestEntry {
  installed?: string;
  kept?: string;
}
interface Manifest {
  version: 1;
  files: Record<string, ManifestEntry>;
}

export interface PendingFile {
  /** Relative to the templates root, `/`-separated (`default/index.html`). */
  path: string;
  /** `modified`: staff edited the file and the shipped one changed since. */
  status: 'modified';
  size: number;
  shippedSize: number;
}

export interface UpgradeReport {
  added: string[];
  upgraded: string[];
  pending: PendingFile[];
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

let historyCache: Record<string, string[]> | null = null;
/** Hashes of every version each shipped file had (scripts/skin-history.mjs). */
function shippedHistory(): Record<string, string[]> {
  if (!historyCache) {
    try {
      historyCache = JSON.parse(readFileSync(HISTORY_FILE, 'utf8')) as Record<string, string[]>;
    } catch {
      historyCache = {};
    }
  }
  return historyCache;
}

/** Every file of the shipped skins: relative path → content. */
async function shippedFiles(dir = SHIPPED_SKINS_DIR, rel = ''): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const childRel = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) for (const [k, v] of await shippedFiles(path.join(dir, e.name), childRel)) out.set(k, v);
    else if (e.isFile()) out.set(childRel, await fs.readFile(path.join(dir, e.name)));
  }
  return out;
}

async function readManifest(dataDir: string): Promise<Manifest> {
  try {
    const parsed = JSON.parse(await fs.readFile(path.join(dataDir, MANIFEST_FILE), 'utf8')) as Partial<Manifest>;
    if (parsed && typeof parsed.files === 'object' && parsed.files !== null) return { version: 1, files: parsed.files };
  } catch {
    // Missing or unreadable: an installation older than the manifest.
  }
  return { version: 1, files: {} };
}

/** Temp file (O_EXCL, never a planted link) renamed over the target: readers see old or new, never half. */
async function writeAtomic(target: string, data: Buffer | string): Promise<void> {
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(tmp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW, 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(tmp, target);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

const writeManifest = (dataDir: string, m: Manifest) => writeAtomic(path.join(dataDir, MANIFEST_FILE), `${JSON.stringify(m, null, 1)}\n`);

/** The installed file of a shipped path: a regular file (never a link), or null when absent. */
async function installedFile(root: string, rel: string): Promise<Buffer | null | 'other'> {
  const abs = path.join(root, ...rel.split('/'));
  const st = await fs.lstat(abs).catch(() => null);
  if (!st) return null;
  if (!st.isFile()) return 'other';
  return fs.readFile(abs);
}

type Verdict = 'current' | 'add' | 'upgrade' | 'edited' | 'skip';

function classify(rel: string, shippedHash: string, installed: Buffer | null | 'other', entry: ManifestEntry | undefined): Verdict {
  if (installed === 'other') return 'skip';
  // Installed once and since deleted by staff: their choice stands.
  if (installed === null) return entry?.installed ? 'skip' : 'add';
  const hash = sha256(installed);
  if (hash === shippedHash) return 'current';
  if (hash === entry?.installed || (shippedHistory()[rel] ?? []).includes(hash)) return 'upgrade';
  return entry?.kept === shippedHash ? 'skip' : 'edited';
}

/** Skins of the installation that are shipped skins (a deleted shipped skin is not brought back). */
async function installedSkins(root: string, shipped: Map<string, Buffer>): Promise<Set<string>> {
  const skins = new Set([...shipped.keys()].map((k) => k.split('/')[0] as string));
  const present = new Set<string>();
  for (const s of skins) if ((await fs.lstat(path.join(root, s)).catch(() => null))?.isDirectory()) present.add(s);
  return present;
}

/**
 * Brings new and changed shipped files into the installation (run at start, after the first-start copy).
 * Unedited files are replaced, missing ones added, edited ones kept and reported as pending.
 */
export async function upgradeShippedSkins(dataDir: string): Promise<UpgradeReport> {
  const root = templatesRoot(dataDir);
  const shipped = await shippedFiles();
  const skins = await installedSkins(root, shipped);
  const manifest = await readManifest(dataDir);
  const report: UpgradeReport = { added: [], upgraded: [], pending: [] };
  for (const [rel, content] of shipped) {
    if (!skins.has(rel.split('/')[0] as string)) continue;
    const shippedHash = sha256(content);
    const installed = await installedFile(root, rel);
    const entry = manifest.files[rel];
    const verdict = classify(rel, shippedHash, installed, entry);
    if (verdict === 'add' || verdict === 'upgrade') {
      const abs = path.join(root, ...rel.split('/'));
      await fs.mkdir(path.dirname(abs), { recursive: true });
      await writeAtomic(abs, content);
      (verdict === 'add' ? report.added : report.upgraded).push(rel);
    }
    if (verdict === 'add' || verdict === 'upgrade' || verdict === 'current') manifest.files[rel] = { installed: shippedHash };
    if (verdict === 'edited' && Buffer.isBuffer(installed)) {
      report.pending.push({ path: rel, status: 'modified', size: installed.length, shippedSize: content.length });
    }
  }
  await writeManifest(dataDir, manifest);
  return report;
}

/** The edited files that have a newer shipped version (有新版本), without changing anything. */
export async function pendingSkinFiles(dataDir: string): Promise<PendingFile[]> {
  const root = templatesRoot(dataDir);
  const shipped = await shippedFiles();
  const skins = await installedSkins(root, shipped);
  const manifest = await readManifest(dataDir);
  const out: PendingFile[] = [];
  for (const [rel, content] of shipped) {
    if (!skins.has(rel.split('/')[0] as string)) continue;
    const installed = await installedFile(root, rel);
    if (classify(rel, sha256(content), installed, manifest.files[rel]) === 'edited' && Buffer.isBuffer(installed)) {
      out.push({ path: rel, status: 'modified', size: installed.length, shippedSize: content.length });
    }
  }
  return out;
}

/** A shipped file by its path (only names from the shipped list are accepted: no path reaches the disk). */
async function shippedEntry(fileName: unknown): Promise<[string, Buffer]> {
  const rel = typeof fileName === 'string' ? fileName.replace(/^\/+/, '') : '';
  const content = (await shippedFiles()).get(rel);
  if (!content) throw new PortalError(1003, '该文件没有新版本');
  return [rel, content];
}

/** The shipped (new) version of a file, as text, for staff to compare with theirs. */
export async function shippedVersion(fileName: unknown): Promise<{ path: string; content: string; size: number }> {
  const [rel, content] = await shippedEntry(fileName);
  return { path: rel, content: content.toString('utf8'), size: content.length };
}

function stamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/**
 * 采用新版本: the shipped version replaces the installed file; the staff's version is kept beside it as
 * `<name>.bak-<time>.txt` (readable in 模板管理, never a page template). Answers the backup's path.
 */
export async function takeShippedVersion(dataDir: string, fileName: unknown): Promise<{ path: string; backup: string | null }> {
  const [rel, content] = await shippedEntry(fileName);
  const root = templatesRoot(dataDir);
  const abs = path.join(root, ...rel.split('/'));
  const installed = await installedFile(root, rel);
  if (installed === 'other') throw new PortalError(1005, '该路径不是普通文件，不能替换');
  let backup: string | null = null;
  if (Buffer.isBuffer(installed) && sha256(installed) !== sha256(content)) {
    backup = `${rel}.bak-${stamp()}.txt`;
    await writeAtomic(path.join(root, ...backup.split('/')), installed);
  }
  await fs.mkdir(path.dirname(abs), { recursive: true });
  await writeAtomic(abs, content);
  const manifest = await readManifest(dataDir);
  manifest.files[rel] = { installed: sha256(content) };
  await writeManifest(dataDir, manifest);
  return { path: rel, backup };
}

/** 保留当前版本: this shipped version is no longer offered for the file (a later one will be). */
export async function keepInstalledVersion(dataDir: string, fileName: unknown): Promise<{ path: string }> {
  const [rel, content] = await shippedEntry(fileName);
  const manifest = await readManifest(dataDir);
  manifest.files[rel] = { ...manifest.files[rel], kept: sha256(content) };
  await writeManifest(dataDir, manifest);
  return { path: rel };
}
