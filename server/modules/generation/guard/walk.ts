import fs from 'node:fs/promises';
import path from 'node:path';

export interface DiskFile {
  rel: string;
  /** A regular file (anything else — a link, a socket — is never published and counts as added). */
  regular: boolean;
  size: number;
  ino: number;
  ctimeMs: number;
}

/** Temporary files of a write in progress (writer.ts, the render workers, the guard itself). */
export const isTempName = (name: string) => /\.tmp-[A-Za-z0-9]+(-\d+)?$/.test(name);

/** Every file below `root` (links are listed, never followed), as site-relative paths with `/`. */
export async function walkSite(root: string): Promise<DiskFile[]> {
  const out: DiskFile[] = [];
  const visit = async (dir: string, rel: string): Promise<void> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (isTempName(entry.name)) continue;
      const abs = path.join(dir, entry.name);
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await visit(abs, relPath);
        continue;
      }
      const stat = await fs.lstat(abs).catch(() => null);
      if (!stat) continue;
      out.push({ rel: relPath, regular: stat.isFile(), size: stat.size, ino: stat.ino, ctimeMs: stat.ctimeMs });
    }
  };
  await visit(root, '');
  return out;
}
