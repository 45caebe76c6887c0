import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { confine, IllegalPathError, isInside, type ConfinedPath } from '../../../files/confine.js';
import { invalidValue, PortalError } from '../../../http/errors.js';
import { formatDateTime } from '../../../util/time.js';

/**
 * Template files under `${dataDir}/templates/`: one folder per skin (template set). Every path from a
 * request goes through `confine` (server/files/confine.ts); nothing here joins user text to a path
 * itself.
 */

/** Extensions that may be read and written as text. */
export const TEXT_EXTENSIONS = ['.html', '.htm', '.liquid', '.css', '.js', '.txt'] as const;
/** Extensions of files columns may use as index / list / content templates. */
export const PAGE_EXTENSIONS = ['.html', '.htm', '.liquid'] as const;
/** Largest template file written or read: 1 MB (UTF-8 bytes). */
export const MAX_TEMPLATE_BYTES = 1024 * 1024;
/** Folders whose files are partials (included by pages), not page templates. */
const PARTIAL_DIRS = new Set(['include', 'includes', 'partials', 'common']);
const SKIP_NAMES = new Set(['.DS_Store', 'Thumbs.db']);

export const TEMPLATES_DIR = 'templates';
export const DEFAULT_SKIN = 'default';
/** The default skin shipped with the server, copied on first start. */
export const SHIPPED_SKINS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'defaultSkin');

export interface TemplateEntry {
  name: string;
  /** Relative to the templates root, `/`-separated. */
  path: string;
  type: 'DIR' | 'FILE';
  size: number;
  updateTime: string;
}

export function templatesRoot(dataDir: string): string {
  return path.join(dataDir, TEMPLATES_DIR);
}

/** First start: when the templates root does not exist yet, it is created with the shipped skins. */
export async function ensureTemplatesRoot(dataDir: string): Promise<string> {
  const root = templatesRoot(dataDir);
  try {
    await fs.access(root);
    return root;
  } catch {
    // Copy into a temporary folder first, so a crash never leaves a half-copied root that counts as done.
    const tmp = `${root}.tmp-${randomBytes(4).toString('hex')}`;
    await fs.mkdir(path.dirname(root), { recursive: true });
    await fs.cp(SHIPPED_SKINS_DIR, tmp, { recursive: true });
    try {
      await fs.rename(tmp, root);
    } catch (error) {
      await fs.rm(tmp, { recursive: true, force: true });
      // Another instance won the race: its root is as good as ours.
      await fs.access(root).catch(() => {
        throw error;
      });
    }
    return root;
  }
}

const extOf = (name: string) => path.extname(name).toLowerCase();
export const isTextFile = (name: string) => (TEXT_EXTENSIONS as readonly string[]).includes(extOf(name));

function notFound(message = '文件不存在'): PortalError {
  return new PortalError(1003, message);
}

async function statOrNull(p: string) {
  try {
    return await fs.stat(p);
  } catch {
    return null;
  }
}

/** An entry of a folder listing; links are followed only when they stay inside the root. */
async function entryOf(root: string, dirAbs: string, dirRel: string, name: string): Promise<TemplateEntry | null> {
  if (SKIP_NAMES.has(name)) return null;
  const abs = path.join(dirAbs, name);
  let target = abs;
  const lst = await fs.lstat(abs).catch(() => null);
  if (!lst) return null;
  if (lst.isSymbolicLink()) {
    const real = await fs.realpath(abs).catch(() => null);
    // A link out of the root is not shown at all: the listing reveals nothing outside.
    if (!real || !isInside(root, real)) return null;
    target = real;
  }
  const st = await statOrNull(target);
  if (!st || (!st.isDirectory() && !st.isFile())) return null;
  return {
    name,
    path: dirRel ? `${dirRel}/${name}` : name,
    type: st.isDirectory() ? 'DIR' : 'FILE',
    size: st.isDirectory() ? 0 : st.size,
    updateTime: formatDateTime(st.mtime),
  };
}

const collator = new Intl.Collator('zh-CN', { numeric: true });
export function sortEntries(entries: TemplateEntry[]): TemplateEntry[] {
  return entries.sort((a, b) => (a.type === b.type ? collator.compare(a.name, b.name) : a.type === 'DIR' ? -1 : 1));
}

async function confinedDir(root: string, folder: unknown): Promise<ConfinedPath> {
  const c = await confine(root, folder);
  if (!c.exists) throw notFound('目录不存在');
  const st = await fs.stat(c.absolute);
  if (!st.isDirectory()) throw invalidValue('不是目录');
  return c;
}

/** Children of a folder (relative to the root; `''` or `.` = the root): folders first, then files, by name. */
export async function listFolder(root: string, folder: unknown): Promise<TemplateEntry[]> {
  const c = await confinedDir(root, folder);
  const names = await fs.readdir(c.absolute);
  const entries = await Promise.all(names.map((n) => entryOf(c.base, c.absolute, c.relative, n)));
  return sortEntries(entries.filter((e): e is TemplateEntry => e !== null));
}

export interface SkinInfo {
  name: string;
  path: string;
  fileCount: number;
  updateTime: string;
}

async function walkFiles(root: string, dirAbs: string, dirRel: string, out: TemplateEntry[], depth = 0): Promise<void> {
  if (depth > 10) return;
  for (const e of await listFolder(root, dirRel)) {
    if (e.type === 'DIR') await walkFiles(root, path.join(dirAbs, e.name), e.path, out, depth + 1);
    else out.push(e);
  }
}

/** The skins: the folders directly under the root. */
export async function listSkins(root: string): Promise<SkinInfo[]> {
  const realRoot = await fs.realpath(root);
  const dirs = (await listFolder(realRoot, '')).filter((e) => e.type === 'DIR');
  const skins: SkinInfo[] = [];
  for (const d of dirs) {
    const files: TemplateEntry[] = [];
    await walkFiles(realRoot, path.join(realRoot, d.name), d.path, files);
    const latest = files.reduce((m, f) => (f.updateTime > m ? f.updateTime : m), d.updateTime);
    skins.push({ name: d.name, path: d.path, fileCount: files.length, updateTime: latest });
  }
  return skins;
}

export type TemplateKind = 'index' | 'list' | 'content' | 'other';

export interface PageTemplate {
  name: string;
  path: string;
  skin: string;
  kind: TemplateKind;
  updateTime: string;
}

export function templateKind(name: string): TemplateKind {
  const base = path.basename(name, path.extname(name)).toLowerCase();
  if (base.startsWith('index') || base.startsWith('home')) return 'index';
  if (base.startsWith('list') || base.startsWith('channel')) return 'list';
  if (base.startsWith('content') || base.startsWith('detail') || base.startsWith('article')) return 'content';
  return 'other';
}

/**
 * Files usable as index / list / content templates of columns: page extensions, not partials (files in
 * an `include` folder or named `_…`). Optionally of one skin.
 */
export async function listPageTemplates(root: string, skin?: string): Promise<PageTemplate[]> {
  const realRoot = await fs.realpath(root);
  const skins = skin !== undefined ? [(await confinedDir(realRoot, skin)).relative] : (await listSkins(realRoot)).map((s) => s.path);
  const out: PageTemplate[] = [];
  for (const s of skins) {
    if (!s) continue;
    const files: TemplateEntry[] = [];
    await walkFiles(realRoot, path.join(realRoot, s), s, files);
    for (const f of files) {
      const segments = f.path.split('/');
      const inPartialDir = segments.slice(1, -1).some((d) => PARTIAL_DIRS.has(d.toLowerCase()));
      if (!(PAGE_EXTENSIONS as readonly string[]).includes(extOf(f.name)) || inPartialDir || f.name.startsWith('_')) continue;
      out.push({ name: f.name, path: f.path, skin: segments[0] as string, kind: templateKind(f.name), updateTime: f.updateTime });
    }
  }
  return out;
}

export interface FileContent {
  name: string;
  path: string;
  content: string;
  size: number;
  updateTime: string;
}

function checkTextExtension(name: string, action: '查看' | '保存'): void {
  if (!isTextFile(name)) throw invalidValue(`只能${action}以下类型的文件：${TEXT_EXTENSIONS.join('、')}`);
}

export async function readTemplate(root: string, fileName: unknown): Promise<FileContent> {
  const c = await confine(root, fileName);
  if (!c.relative) throw new IllegalPathError('root');
  if (!c.exists) throw notFound();
  const st = await fs.stat(c.absolute);
  if (!st.isFile()) throw invalidValue('不是文件');
  checkTextExtension(c.relative, '查看');
  if (st.size > MAX_TEMPLATE_BYTES) throw invalidValue('文件超过1MB，不能在线查看');
  const content = await fs.readFile(c.absolute, 'utf8');
  return { name: path.basename(c.relative), path: c.relative, content, size: st.size, updateTime: formatDateTime(st.mtime) };
}

/**
 * Creates or overwrites a text template. The parent folder must exist. Written to a temporary file and
 * renamed over the target, so a failure never leaves a half-written template.
 */
export async function writeTemplate(root: string, fileName: unknown, content: unknown): Promise<{ name: string; path: string; size: number; updateTime: string; created: boolean }> {
  if (typeof content !== 'string') throw invalidValue('文件内容必须是文本');
  const c = await confine(root, fileName);
  if (!c.relative) throw new IllegalPathError('root');
  checkTextExtension(c.relative, '保存');
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > MAX_TEMPLATE_BYTES) throw invalidValue('文件内容不能超过1MB');
  const parent = path.dirname(c.absolute);
  const parentStat = await statOrNull(parent);
  if (!parentStat?.isDirectory()) throw notFound('上级目录不存在');
  if (c.exists && !(await fs.stat(c.absolute)).isFile()) throw invalidValue('同名目录已存在');
  const tmp = path.join(parent, `.${path.basename(c.absolute)}.${randomBytes(6).toString('hex')}.tmp`);
  // O_EXCL | O_NOFOLLOW: the temporary name is new and never a link planted in between.
  const handle = await fs.open(tmp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW, 0o644);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(tmp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await fs.rename(tmp, c.absolute);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
  const st = await fs.stat(c.absolute);
  return { name: path.basename(c.relative), path: c.relative, size: st.size, updateTime: formatDateTime(st.mtime), created: !c.exists };
}

const BAD_NAME = /[<>:"|?*]/;

/** Creates one folder; its parent must exist. */
export async function createFolder(root: string, folderName: unknown): Promise<TemplateEntry> {
  const c = await confine(root, folderName);
  if (!c.relative) throw new IllegalPathError('root');
  const name = path.basename(c.relative);
  if (BAD_NAME.test(name) || name.startsWith('.') || /[\s.]$/.test(name) || name.length > 100) {
    throw invalidValue('目录名称不能包含 < > : " | ? * ，不能以“.”开头或以空格、“.”结尾，且不超过100个字符');
  }
  if (c.exists) throw new PortalError(1004, `目录已存在：${c.relative}`);
  const parentStat = await statOrNull(path.dirname(c.absolute));
  if (!parentStat?.isDirectory()) throw notFound('上级目录不存在');
  await fs.mkdir(c.absolute);
  const st = await fs.stat(c.absolute);
  return { name, path: c.relative, type: 'DIR', size: 0, updateTime: formatDateTime(st.mtime) };
}

/** Deletes a file or an empty folder; never the root, never a non-empty folder. */
export async function deleteTemplatePath(root: string, fileName: unknown): Promise<{ path: string; type: 'DIR' | 'FILE' }> {
  const c = await confine(root, fileName);
  if (!c.relative) throw new IllegalPathError('root');
  if (!c.exists) throw notFound();
  // The entry itself (not what a link inside the root points to): a link is removed, its target stays.
  const parent = await confine(root, path.posix.dirname(c.relative) === '.' ? '' : path.posix.dirname(c.relative));
  const entry = path.join(parent.absolute, path.posix.basename(c.relative));
  const lst = await fs.lstat(entry);
  if (lst.isSymbolicLink()) {
    await fs.unlink(entry);
    return { path: c.relative, type: (await fs.stat(c.absolute)).isDirectory() ? 'DIR' : 'FILE' };
  }
  if (lst.isDirectory()) {
    if ((await fs.readdir(entry)).length > 0) throw new PortalError(1005, '目录不为空，不能删除');
    await fs.rmdir(entry);
    return { path: c.relative, type: 'DIR' };
  }
  await fs.unlink(entry);
  return { path: c.relative, type: 'FILE' };
}
