import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fsSync from 'node:fs';
import { COMPRESSED_SUFFIXES, isCompressible, precompressOn, removeCompressedSync, writeCompressedSync } from './compress.js';
import { manifestOf } from './guard/manifest.js';
import { minifyAsset } from './minify.js';

export { writeCompressedSync } from './compress.js';

/** Files of a skin copied to the site root (everything else, templates included, stays private). */
const ASSET_EXTENSIONS = new Set(['.css', '.js', '.png', '.jpg', '.jpeg', '.gif', '.svg', '.ico', '.webp', '.woff', '.woff2', '.ttf', '.eot']);
/** Folders of the site root that hold generated pages or published uploads, never skin assets. */
const RESERVED_FOLDERS = new Set(['article', 'column', 'uploads', 'pages', 'include']);

/**
 * Every file the generator writes to or removes from the site folder passes through here (pages written by
 * the render workers too, once their batch is on disk: service.ts writeJobs): the site guard's manifest
 * records its hash and a pristine copy, or forgets it (guard/manifest.ts). A new kind of published file
 * (audio, pre-compressed .br/.gz) calls `recordSiteFiles` with the absolute paths it wrote.
 */
export async function recordSiteFiles(files: Iterable<string>): Promise<void> {
  const byManifest = new Map<object, { record: (rels: string[]) => Promise<void>; rels: string[] }>();
  for (const file of withCompressed(files)) {
    const found = manifestOf(file);
    if (!found) continue;
    const group = byManifest.get(found.manifest) ?? { record: (rels: string[]) => found.manifest.record(rels), rels: [] };
    group.rels.push(found.rel);
    byManifest.set(found.manifest, group);
  }
  for (const group of byManifest.values()) await group.record(group.rels);
}

/** The files and, where they exist, their pre-compressed copies (compress.ts): recorded and forgotten together. */
function* withCompressed(files: Iterable<string>): Iterable<string> {
  const compressing = precompressOn();
  for (const file of files) {
    yield file;
    if (!compressing || !isCompressible(file)) continue;
    for (const suffix of COMPRESSED_SUFFIXES) if (fsSync.existsSync(file + suffix)) yield file + suffix;
  }
}

/** Marks a write under the site folder holding `file` as under way (see SiteManifest.beginWrite); answers its end. */
export async function beginSiteWrite(file: string): Promise<() => Promise<void>> {
  const found = manifestOf(file);
  return found ? found.manifest.beginWrite() : async () => {};
}

/** Removes a whole folder of the site (a column gone) and forgets its files in the manifest. */
export async function removeTree(dir: string): Promise<void> {
  const found = manifestOf(dir);
  if (found) await found.manifest.forgetTree(found.rel);
  await fs.rm(dir, { recursive: true, force: true });
}

/** Writes `html` to `root/rel` through a temporary file and a rename: readers see the old or the new page. */
export async function writePage(root: string, rel: string, html: string): Promise<void> {
  const target = path.join(root, ...rel.split('/'));
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  const end = await beginSiteWrite(target);
  try {
    await fs.writeFile(tmp, html, { encoding: 'utf8', flag: 'wx' });
    await fs.rename(tmp, target);
    writeCompressedSync(target, html);
    await recordSiteFiles([target]);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  } finally {
    await end();
  }
}

/** Removes a published file: forgotten by the manifest first, so the site guard never puts it back. */
export async function removeFile(file: string): Promise<boolean> {
  const exists = await fs.lstat(file).then(() => true, () => false);
  if (!exists) return false;
  for (const each of withCompressed([file])) {
    const found = manifestOf(each);
    if (found) await found.manifest.forget([found.rel]);
  }
  removeCompressedSync(file);
  try {
    await fs.unlink(file);
    return true;
  } catch {
    return false;
  }
}

/** Publishes a copy of `from` at `target` in the site (a file of another domain, e.g. read-aloud audio), recorded by the site guard. */
export async function publishCopy(from: string, target: string): Promise<void> {
  await copyAtomic(from, target);
}

async function copyAtomic(from: string, target: string, compress = false): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  const end = await beginSiteWrite(target);
  try {
    await fs.copyFile(from, tmp);
    await fs.rename(tmp, target);
    if (compress) writeCompressedSync(target, await fs.readFile(target), true);
    await recordSiteFiles([target]);
  } finally {
    await end();
  }
}

/** A skin asset: css and js minified (the skin keeps the readable source), then pre-compressed. */
async function publishAsset(from: string, target: string): Promise<void> {
  const min = await minifyAsset(from);
  if (min === null) {
    await copyAtomic(from, target, true);
    return;
  }
  await writePageBytes(target, min);
}

async function writePageBytes(target: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  const end = await beginSiteWrite(target);
  try {
    await fs.writeFile(tmp, text, { encoding: 'utf8', flag: 'wx' });
    await fs.rename(tmp, target);
    writeCompressedSync(target, text, true);
    await recordSiteFiles([target]);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  } finally {
    await end();
  }
}

/** Assets published at once: their minifying (esbuild's service) and file work overlap (issue 26, session 39). */
const ASSETS_AT_ONCE = 8;

/**
 * Copies the skin's assets (css, js, images, fonts; no templates, no links) to the site root, several at a
 * time under one write to the site (one after the other, a full run's first pages waited about 0.3 s for them).
 */
export async function copyAssets(skinDir: string, siteDir: string): Promise<number> {
  const files: [string, string][] = [];
  const walk = async (dir: string, rel: string[], depth: number): Promise<void> => {
    if (depth > 6) return;
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.isSymbolicLink()) continue;
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth === 0 && RESERVED_FOLDERS.has(entry.name)) continue;
        await walk(abs, [...rel, entry.name], depth + 1);
      } else if (entry.isFile() && ASSET_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
        files.push([abs, path.join(siteDir, ...rel, entry.name)]);
      }
    }
  };
  await walk(skinDir, [], 0);
  const end = await beginSiteWrite(siteDir);
  try {
    for (let i = 0; i < files.length; i += ASSETS_AT_ONCE) {
      // Every asset of the group settles before a failure is answered: none is still writing after the write ends.
      const failed = (await Promise.allSettled(files.slice(i, i + ASSETS_AT_ONCE).map(([from, to]) => publishAsset(from, to)))).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    }
  } finally {
    await end();
  }
  return files.length;
}

/**
 * Publishes uploaded files used by the pages (`yyyy/mm/name.ext` below `${dataDir}/uploads`) to
 * `site/uploads/`, so the site works when served on its own. A file already there with the same size is kept.
 */
export async function publishUploads(dataDir: string, siteDir: string, refs: Iterable<string>): Promise<number> {
  let count = 0;
  for (const rel of refs) {
    if (!/^\d{4}\/\d{2}\/[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9]{1,8}$/.test(rel)) continue;
    const from = path.join(dataDir, 'uploads', ...rel.split('/'));
    const to = path.join(siteDir, 'uploads', ...rel.split('/'));
    const [src, dst] = await Promise.all([fs.stat(from).catch(() => null), fs.stat(to).catch(() => null)]);
    if (!src?.isFile() || (dst && dst.size === src.size)) continue;
    await copyAtomic(from, to);
    count++;
  }
  return count;
}
