import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileSha256 } from '../../../shared/fileHash.js';
import { writeAtomicSync } from '../compress.js';

/**
 * The pristine copies of published files, outside the web root (`${dataDir}/site-guard/pristine/ab/<sha256>`),
 * stored by content: a page rendered again unchanged costs no second copy. The guard restores from them
 * after checking the copy's own hash against the manifest, so a changed copy is never put back.
 */
export const guardDir = (dataDir: string) => path.join(dataDir, 'site-guard');
export const pristineDir = (dataDir: string) => path.join(guardDir(dataDir), 'pristine');
export const quarantineDir = (dataDir: string) => path.join(guardDir(dataDir), 'quarantine');
export const pristinePath = (dataDir: string, hash: string) => path.join(pristineDir(dataDir), hash.slice(0, 2), hash);

export async function hashFile(file: string): Promise<{ hash: string; size: number }> {
  const { sha256, size } = await fileSha256(file);
  return { hash: sha256, size };
}

/** Copies `file` (just hashed to `hash`) into the store unless a copy is there already. */
export async function keepPristine(dataDir: string, file: string, hash: string): Promise<void> {
  const target = pristinePath(dataDir, hash);
  if (await fs.access(target).then(() => true, () => false)) return;
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  await fs.copyFile(file, tmp);
  // The file may have changed between hashing and copying: keep the copy only if it is what was hashed.
  if ((await hashFile(tmp)).hash !== hash) {
    await fs.rm(tmp, { force: true });
    throw new Error(`site file changed while it was recorded: ${file}`);
  }
  await fs.rename(tmp, target);
}

/**
 * The hash of bytes just written to the site and their pristine copy, kept from memory by the writer that
 * holds them (a render worker): no second read of the page, no copy to hash again. `known` remembers the
 * hashes this writer stored already (a run writes many identical compressed copies of nothing). The copy is
 * created in place under its hash (`O_EXCL`: one open, write and close; an existing one is the same bytes
 * and stays): no existence check, no temporary name, no rename (issue 26, session 30). A copy left
 * half-written by a crash fails its hash check when the guard needs it and is removed then, so the next
 * generation of the page writes it again (restorePristine).
 */
export function keepPristineBytesSync(dataDir: string, bytes: Buffer, known?: Set<string>): { hash: string; size: number } {
  const hash = createHash('sha256').update(bytes).digest('hex');
  if (known?.has(hash)) return { hash, size: bytes.length };
  const target = pristinePath(dataDir, hash);
  try {
    createOnceSync(target, bytes);
  } catch (error) {
    // The shard folder (one of 256) is made the first time it is missing, not looked up for every page.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(path.dirname(target), { recursive: true });
    createOnceSync(target, bytes);
  }
  known?.add(hash);
  return { hash, size: bytes.length };
}

/** Creates `file` with `bytes` unless it exists (then it holds the same content: the name is its hash). */
function createOnceSync(file: string, bytes: Buffer): void {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  try {
    writeFileSync(fd, bytes);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    closeSync(fd);
  }
}

/**
 * The hash of a page's pre-compressed copy (.br/.gz) written by a render worker: no pristine copy of it is
 * kept (issue 26: two files fewer per page, half the store's files) — the guard makes it again from the
 * page's own pristine copy (`restoreCompressed`).
 */
export function hashBytes(bytes: Buffer): { hash: string; size: number } {
  return { hash: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}

/**
 * Puts back `<page>.br` / `<page>.gz` by compressing the page's pristine copy again (`pageHash`, checked
 * first), for a compressed copy written without a pristine copy of its own. Answers the hash written (the
 * same as recorded unless the compression settings changed since), or null when the page has no sound copy.
 */
export async function restoreCompressed(dataDir: string, pageHash: string, target: string, compress: (page: Buffer) => Buffer | null): Promise<string | null> {
  const source = pristinePath(dataDir, pageHash);
  const page = await fs.readFile(source).catch(() => null);
  if (!page || createHash('sha256').update(page).digest('hex') !== pageHash) return null;
  const bytes = compress(page);
  if (!bytes) return null;
  await fs.mkdir(path.dirname(target), { recursive: true });
  writeAtomicSync(target, bytes);
  return hashBytes(bytes).hash;
}

/** Puts the pristine copy of `hash` at `target` (temporary file + rename); false when no sound copy exists. */
export async function restorePristine(dataDir: string, hash: string, target: string): Promise<boolean> {
  const source = pristinePath(dataDir, hash);
  const sound = await hashFile(source).then((h) => h.hash === hash, () => false);
  // An unsound copy (a crash mid-write) goes, so the page's next generation keeps a sound one again.
  if (!sound) {
    await fs.rm(source, { force: true });
    return false;
  }
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    await fs.copyFile(source, tmp);
    await fs.rename(tmp, target);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
  return true;
}
