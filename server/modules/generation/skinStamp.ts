import { createHash } from 'node:crypto';
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { dirNames } from '../../shared/dirNames.js';

/**
 * A fingerprint of a skin folder's files as they stand (name, kind, size, change time, inode — from lstat,
 * no content read): the render workers keep a skin's parsed templates and memoised includes from one run
 * to the next while it is unchanged (issue 26: republishing one article no longer parses the skin again),
 * and build a new engine as soon as staff save, add, remove or replace any file of it.
 *
 * Synchronous on purpose: a skin is a few dozen entries (46 for the default one), 0.6–1.9 ms of metadata
 * calls in a row, where awaiting each one cost a republish an event-loop turn per file behind every reader's
 * work (2.4–19 ms on an idle server, more under load; issue 26 session 37, as removeArticlePages in session 30).
 */
export function skinStamp(skinDir: string): string {
  const parts: string[] = [];
  const visit = (dir: string, rel: string, depth: number): void => {
    if (depth > 8) return;
    for (const name of dirNames(dir).sort()) {
      const abs = path.join(dir, name);
      const st = lstatSync(abs, { throwIfNoEntry: false });
      if (!st) continue;
      const kind = st.isDirectory() ? 'd' : st.isFile() ? 'f' : 'o';
      parts.push(`${rel}${name}\0${kind}\0${st.size}\0${st.mtimeMs}\0${st.ctimeMs}\0${st.ino}`);
      if (kind === 'd') visit(abs, `${rel}${name}/`, depth + 1);
    }
  };
  visit(skinDir, '', 0);
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}
