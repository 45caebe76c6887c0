import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileHash } from './digest.js';

/** The data folders a backup holds; the generated site (`site/`) is left out: 静态生成 makes it again. */
export const BACKED_UP_FOLDERS = ['uploads', 'templates'] as const;

async function* walk(root: string, rel = ''): AsyncGenerator<string> {
  const entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    throw e;
  });
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) yield* walk(root, child);
    else if (e.isFile()) yield child;
  }
}

/** Copies one file, hashing the bytes as they are written (a file changing meanwhile is hashed as copied). */
async function copyHashed(from: string, to: string): Promise<{ size: number; sha256: string }> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const source = fs.createReadStream(from);
  source.on('data', (chunk: Buffer | string) => {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    hash.update(b);
    size += b.length;
  });
  await pipeline(source, fs.createWriteStream(to));
  return { size, sha256: hash.digest('hex') };
}

/** Copies the backed-up folders of `fromRoot` into `toRoot`, answering each file's manifest line. */
export async function copyFolders(fromRoot: string, toRoot: string): Promise<FileHash[]> {
  const out: FileHash[] = [];
  for (const folder of BACKED_UP_FOLDERS) {
    for await (const rel of walk(path.join(fromRoot, folder))) {
      const file = `${folder}/${rel}`;
      const copied = await copyHashed(path.join(fromRoot, ...file.split('/')), path.join(toRoot, ...file.split('/')));
      out.push({ path: file, ...copied });
    }
  }
  return out;
}

/** Manifest lines of the backed-up folders as they are under `root` (a restore checks against them). */
export async function hashFolders(root: string): Promise<FileHash[]> {
  const out: FileHash[] = [];
  for (const folder of BACKED_UP_FOLDERS) {
    for await (const rel of walk(path.join(root, folder))) {
      const file = `${folder}/${rel}`;
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of fs.createReadStream(path.join(root, ...file.split('/')))) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
      out.push({ path: file, size, sha256: hash.digest('hex') });
    }
  }
  return out;
}
