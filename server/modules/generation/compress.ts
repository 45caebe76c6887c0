import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { threadId } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Pre-compressed copies of the generated site (issue 24): beside each text file the generator writes,
 * `<file>.br` and `<file>.gz`, which @fastify/static (`preCompressed`) and nginx (`gzip_static`,
 * `brotli_static`) send as the browser accepts, so no page is compressed per request. Written by the
 * generator's writing path only (writer.ts, and the render workers through it), each through a temporary
 * file and a rename like the page itself; removed with the page. `SITE_PRECOMPRESS=off` turns it off.
 */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.svg', '.json', '.xml', '.txt']);
export const COMPRESSED_SUFFIXES = ['.br', '.gz'] as const;

export const precompressOn = () => process.env.SITE_PRECOMPRESS !== 'off';

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.has(path.extname(file).toLowerCase());
}

/** Brotli quality of pages written in bulk (a full run, a column); skin assets, few and long cached, get 11. */
const PAGE_BROTLI_QUALITY = Math.min(11, Math.max(0, Number(process.env.SITE_BROTLI_QUALITY ?? 5)));

/**
 * The smallest window (log2) that holds the whole input. Brotli's default window (4 MB) makes the encoder
 * set up tables for 4 MB on every call: for an 8 KB page that set-up was most of the time. Quality 5 below
 * a 64 KB window is slower again, hence the floor of 16. Any window the format allows decodes everywhere.
 */
const windowFor = (bytes: number, floor: number, max: number) => Math.max(floor, Math.min(max, Math.ceil(Math.log2(bytes + 1))));

/**
 * The compressed copies of `content` as `[suffix, bytes]`, none when pre-compression is off or the file is
 * not text. Pages (a full run writes a million of them): brotli quality 5 with a window fitted to the page
 * (issue 26: 12 % smaller than quality 4 with its default window, in less time) and gzip level 1 (nginx's
 * own default level; within 4 % of level 6 on these pages, for the few clients without brotli). Skin
 * assets: the best levels.
 */
export function compressedCopies(target: string, content: Buffer | string, best = false): [string, Buffer][] {
  if (!precompressOn() || !isCompressible(target)) return [];
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: best ? 11 : PAGE_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: windowFor(data.length, 16, 22),
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(data, best ? { level: 9 } : { level: 1, memLevel: 9 });
  return [['.br', br], ['.gz', gz]];
}

const tmpPrefix = randomBytes(4).toString('hex');
let tmpCount = 0;

/**
 * Writes `bytes` to `file` through a temporary file and a rename (readers see the old or the new file). The
 * temporary name is unique in this process (thread and counter; 'wx' refuses an existing name) and random
 * across processes, so the generator's thread and its render workers never share one.
 */
export function writeAtomicSync(file: string, bytes: Buffer | string): void {
  const tmp = `${file}.tmp-${tmpPrefix}${threadId}-${++tmpCount}`;
  try {
    fs.writeFileSync(tmp, bytes, { flag: 'wx' });
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * Writes `bytes` to `file`: a file that does not exist yet is created in place (`O_EXCL`, one open, write and
 * close: no temporary name, no rename — issue 26, most writes of a full run into a fresh site folder); an
 * existing one is replaced through writeAtomicSync, so a reader of an existing page still sees the old or the
 * new one. A new file can be read half-written for the moment of its write, where a moment before there was
 * nothing (a 404). Never for a .br/.gz copy (writeCopiesSync). A failed write removes what it created. `beforeReplace` runs just before an existing file
 * is replaced. Answers whether the file was created (true) or replaced.
 */
export function writeNewOrAtomicSync(file: string, bytes: Buffer | string, beforeReplace?: () => void): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    beforeReplace?.();
    writeAtomicSync(file, bytes);
    return false;
  }
  try {
    fs.writeFileSync(fd, bytes);
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/**
 * Writes a page's copies (compressedCopies' answer), each through a rename, even where none existed: the page
 * beside them is already served, and @fastify/static or nginx would send a half-written copy in its place (CI,
 * session 31: a blank search page while the background pass compressed it).
 */
export function writeCopiesSync(target: string, copies: [string, Buffer][]): void {
  for (const [suffix, bytes] of copies) writeAtomicSync(target + suffix, bytes);
}

/** Writes `target.br` and `target.gz` of `content` (compressedCopies). */
export function writeCompressedSync(target: string, content: Buffer | string, best = false): void {
  writeCopiesSync(target, compressedCopies(target, content, best));
}

/** Removes the compressed copies of a file (a stale copy would otherwise still be served). */
export function removeCompressedSync(target: string): void {
  for (const suffix of COMPRESSED_SUFFIXES) {
    // unlink, not rmSync: rmSync's lstat and retries cost a page of a full run ~50 µs (issue 26, session 30).
    try {
      fs.unlinkSync(target + suffix);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
