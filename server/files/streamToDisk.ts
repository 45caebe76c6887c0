import fs from 'node:fs/promises';
import { invalidValue } from '../http/errors.js';

/** Bytes read before a file's type is decided (file-type looks at most this far for our kinds). */
export const HEAD_BYTES = 4100;

/** The first bytes of an upload (about HEAD_BYTES, whole chunks), enough for file-type; refuses an empty one. */
export async function readHead(iterator: AsyncIterator<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  if (length === 0) throw invalidValue('上传的文件为空');
  return Buffer.concat(chunks);
}

/**
 * Writes `head` and the rest of `iterator` to a new file at `target`, refusing with `tooBig` as soon as the
 * count passes `maxBytes`; a refused or broken upload leaves no file. Answers the size written.
 */
export async function writeUpload(target: string, head: Buffer, iterator: AsyncIterator<Buffer>, maxBytes: number, tooBig: string): Promise<number> {
  if (head.length > maxBytes) throw invalidValue(tooBig);
  const file = await fs.open(target, 'wx');
  let size = head.length;
  try {
    await file.write(head);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      size += next.value.length;
      if (size > maxBytes) throw invalidValue(tooBig);
      await file.write(next.value);
    }
    await file.close();
  } catch (error) {
    await file.close().catch(() => undefined);
    await fs.rm(target, { force: true });
    throw error;
  }
  return size;
}
