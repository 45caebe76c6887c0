import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { removeCompressedSync, writeCompressedSync } from './compress.js';
import { minifyAsset } from './minify.js';

export { writeCompressedSync } from './compress.js';

/** Files of a skin copied to the site root (everything else, templates included, stays private). */
const ASSET_EXTENSIONS = new Set(['.css', '.js', '.png', '.jpg', '.jpeg', '.gif', '.svg', '.ico', '.webp', '.woff', '.woff2', '.ttf', '.eot']);
/** Folders of the site root that hold generated pages or published uploads, never skin assets. */
const RESERVED_FOLDERS = new Set(['article', 'column', 'uploads', 'pages', 'include']);

/** Writes `html` to `root/rel` through a temporary file and a rename: readers see the old or the new page. */
export async function writePage(root: string, rel: string, html: string): Promise<void> {
  const target = path.join(root, ...rel.split('/'));
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    await fs.writeFile(tmp, html, { encoding: 'utf8', flag: 'wx' });
    await fs.rename(tmp, target);
    writeCompressedSync(target, html);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

export async function removeFile(file: string): Promise<boolean> {
  removeCompressedSync(file);
  try {
    await fs.unlink(file);
    return true;
  } catch {
    return false;
  }
}

async function copyAtomic(from: string, target: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  await fs.copyFile(from, tmp);
  await fs.rename(tmp, target);
}

/** A skin asset: css and js minified (the skin keeps the readable source), then pre-compressed. */
async function publishAsset(from: string, target: string): Promise<void> {
  const min = await minifyAsset(from);
  if (min === null) {
    await copyAtomic(from, target);
    writeCompressedSync(target, await fs.readFile(target), true);
    return;
  }
  await writePageBytes(target, min);
}

async function writePageBytes(target: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    await fs.writeFile(tmp, text, { encoding: 'utf8', flag: 'wx' });
    await fs.rename(tmp, target);
    writeCompressedSync(target, text, true);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

/** Copies the skin's assets (css, js, images, fonts; no templates, no links) to the site root. */
export async function copyAssets(skinDir: string, siteDir: string): Promise<number> {
  let count = 0;
  const walk = async (dir: string, rel: string[], depth: number): Promise<void> => {
    if (depth > 6) return;
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.isSymbolicLink()) continue;
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth === 0 && RESERVED_FOLDERS.has(entry.name)) continue;
        await walk(abs, [...rel, entry.name], depth + 1);
      } else if (entry.isFile() && ASSET_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
        await publishAsset(abs, path.join(siteDir, ...rel, entry.name));
        count++;
      }
    }
  };
  await walk(skinDir, [], 0);
  return count;
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
