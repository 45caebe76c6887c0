import fs from 'node:fs';
import path from 'node:path';
import { compressedCopies, removeCompressedSync, writeCopiesSync } from '../compress.js';
import { hashBytes } from '../guard/pristine.js';
import type { MadeCopies, PendingPage } from './protocol.js';

const readOrNull = (file: string) => {
  try {
    return fs.readFileSync(file);
  } catch {
    return null;
  }
};

/**
 * Makes one page's .br/.gz exactly as the generator would (compressedCopies), only while the page on disk is
 * the one its manifest row records; answers the copies' hashes, or null copies when the page is gone or changed.
 */
export function makeCopies(root: string, page: PendingPage): MadeCopies {
  const target = path.join(root, ...page.path.split('/'));
  const bytes = readOrNull(target);
  if (!bytes || hashBytes(bytes).hash !== page.hash) return { ...page, copies: null };
  const copies = compressedCopies(target, bytes);
  writeCopiesSync(target, copies);
  // Rewritten while it was compressed: the copies of the older page go (the generator's own write removes
  // them too when it comes later), so no copy of an older page stays beside the new one.
  const now = readOrNull(target);
  if (!now || !now.equals(bytes)) {
    removeCompressedSync(target);
    return { ...page, copies: null };
  }
  return { ...page, copies: copies.map(([suffix, data]) => ({ suffix, ...hashBytes(data) })) };
}
