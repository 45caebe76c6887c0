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
const PAGE_BROTLI_QUALITY = Math.min(11, Math.max(0, Number(process.env.SITE_BROTLI_QUALITY ?? 4)));

/**
 * The compressed copies of `content` as `[suffix, bytes]`, none when pre-compression is off or the file is
 * not text. Pages: brotli quality 4 and gzip level 6 (a full run writes a million of them: together about
 * a millisecond per page; within a few percent of quality 11 / level 9 on HTML); skin assets the best levels.
 */
export function compressedCopies(target: string, content: Buffer | string, best = false): [string, Buffer][] {
  if (!precompressOn() || !isCompressible(target)) return [];
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : PAGE_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  const gz = gzipSync(data, { level: best ? 9 : 6 });
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

/** Writes `target.br` and `target.gz` of `content` (compressedCopies). */
export function writeCompressedSync(target: string, content: Buffer | string, best = false): void {
  for (const [suffix, bytes] of compressedCopies(target, content, best)) writeAtomicSync(target + suffix, bytes);
}

/** Removes the compressed copies of a file (a stale copy would otherwise still be served). */
export function removeCompressedSync(target: string): void {
  for (const suffix of COMPRESSED_SUFFIXES) fs.rmSync(target + suffix, { force: true });
}
