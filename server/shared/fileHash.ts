import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** A file's size and SHA-256, read in chunks (a database file can be larger than the memory it may take). */
export async function fileSha256(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}
