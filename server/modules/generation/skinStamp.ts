import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A fingerprint of a skin folder's files as they stand (name, kind, size, change time, inode — from lstat,
 * no content read): the render workers keep a skin's parsed templates and memoised includes from one run
 * to the next while it is unchanged (issue 26: republishing one article no longer parses the skin again),
 * and build a new engine as soon as staff save, add, remove or replace any file of it.
 */
export async function skinStamp(skinDir: string): Promise<string> {
  const parts: string[] = [];
  const visit = async (dir: string, rel: string, depth: number): Promise<void> => {
    if (depth > 8) return;
    const names = (await fs.readdir(dir).catch(() => [] as string[])).sort();
    for (const name of names) {
      const abs = path.join(dir, name);
      const st = await fs.lstat(abs).catch(() => null);
      if (!st) continue;
      const kind = st.isDirectory() ? 'd' : st.isFile() ? 'f' : 'o';
      parts.push(`${rel}${name}\0${kind}\0${st.size}\0${st.mtimeMs}\0${st.ctimeMs}\0${st.ino}`);
      if (kind === 'd') await visit(abs, `${rel}${name}/`, depth + 1);
    }
  };
  await visit(skinDir, '', 0);
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}
