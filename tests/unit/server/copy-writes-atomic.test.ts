import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { hashBytes } from '../../../server/modules/generation/guard/pristine.js';
import { makeCopies } from '../../../server/modules/generation/precompress/makeCopies.js';
import { writeCompressedSync } from '../../../server/modules/generation/compress.js';

/**
 * CI, session 31: the background pass created a page's .br in place, and the search page, already live, was
 * sent as that half-written copy (a blank page in the browser test). Every copy now reaches its name only
 * through a rename, whether or not one existed: this watches the file calls and fails on a write to the copy's
 * own name.
 */
const root = fs.mkdtempSync(join(tmpdir(), 'copy-writes-'));
const page = join(root, 'search.html');
const html = `<!doctype html><title>搜索</title><input id="s-keyword">${'<p>公开</p>'.repeat(400)}`;

const real = { writeFileSync: fs.writeFileSync, openSync: fs.openSync, renameSync: fs.renameSync };

function watchWrites() {
  const direct: string[] = [];
  const renamedTo: string[] = [];
  const isCopy = (p: unknown) => typeof p === 'string' && /\.(br|gz)$/.test(p);
  vi.spyOn(fs, 'writeFileSync').mockImplementation((file, ...rest) => {
    if (isCopy(file)) direct.push(String(file));
    return real.writeFileSync(file, ...rest);
  });
  vi.spyOn(fs, 'openSync').mockImplementation((file, ...rest) => {
    if (isCopy(file)) direct.push(String(file));
    return real.openSync(file, ...rest);
  });
  vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
    renamedTo.push(String(to));
    return real.renameSync(from, to);
  });
  return { direct, renamedTo };
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const s of ['.br', '.gz']) fs.rmSync(page + s, { force: true });
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a page’s compressed copies are never visible half-written', () => {
  it('the background pass renames each new copy into place', () => {
    fs.writeFileSync(page, html);
    const seen = watchWrites();
    const made = makeCopies(root, { path: 'search.html', hash: hashBytes(Buffer.from(html)).hash });
    vi.restoreAllMocks();
    expect(made.copies?.map((c) => c.suffix)).toEqual(['.br', '.gz']);
    expect(seen.direct).toEqual([]);
    expect(seen.renamedTo.sort()).toEqual([`${page}.br`, `${page}.gz`]);
    expect(brotliDecompressSync(fs.readFileSync(`${page}.br`)).toString()).toBe(html);
    expect(gunzipSync(fs.readFileSync(`${page}.gz`)).toString()).toBe(html);
  });

  it('a page changed since its row was recorded gets no copy', () => {
    fs.writeFileSync(page, html);
    const made = makeCopies(root, { path: 'search.html', hash: hashBytes(Buffer.from('older')).hash });
    expect(made.copies).toBeNull();
    expect(fs.existsSync(`${page}.br`)).toBe(false);
  });

  it('the generator’s inline copies are renamed into place too', () => {
    const seen = watchWrites();
    writeCompressedSync(page, html);
    vi.restoreAllMocks();
    expect(seen.direct).toEqual([]);
    expect(seen.renamedTo.sort()).toEqual([`${page}.br`, `${page}.gz`]);
  });
});
