import fs from 'node:fs/promises';
import path from 'node:path';
import { publishCopy, removeFile } from '../../generation/writer.js';

/**
 * Where read-aloud audio lives (docs/voice.md "Files"): the master under `DATA_DIR/uploads/voice/`
 * (with the article's other files, in the backups), and a copy published beside the article page
 * (`site/article/2026/03/12-<hash>.mp3` next to `12.html`); the hash in the name means a changed
 * article's new audio never meets a stale cached copy.
 */
export const voiceDir = (dataDir: string) => path.join(dataDir, 'uploads', 'voice');

export const voiceFileName = (articleId: number, hash: string) => `${articleId}-${hash}.mp3`;

export const FILE_NAME_RE = /^\d{1,10}-[0-9a-f]{16}\.mp3$/;

/** The site-relative address of the published copy, beside the page `article/yyyy/mm/<id>.html`. */
export const publishedRel = (pageRel: string, fileName: string) => `${path.posix.dirname(pageRel)}/${fileName}`;

/** Publishes the master beside the page unless an equal copy is there already. */
export async function publishBeside(dataDir: string, siteDir: string, pageRel: string, fileName: string): Promise<string | null> {
  if (!FILE_NAME_RE.test(fileName)) return null;
  const from = path.join(voiceDir(dataDir), fileName);
  const rel = publishedRel(pageRel, fileName);
  const to = path.join(siteDir, ...rel.split('/'));
  const [src, dst] = await Promise.all([fs.stat(from).catch(() => null), fs.stat(to).catch(() => null)]);
  if (!src?.isFile()) return null;
  if (!dst || dst.size !== src.size) await publishCopy(from, to); // through the generator's writer: the site guard records it
  return rel;
}

/** Removes the article's audio: every master but `keep`, and every published copy under site/article/. */
export async function removeVoiceFiles(dataDir: string, siteDir: string, articleId: number, keep: string | null = null): Promise<number> {
  const mine = (name: string) => name.startsWith(`${articleId}-`) && FILE_NAME_RE.test(name) && name !== keep;
  let n = 0;
  const drop = async (file: string) => {
    if (await fs.unlink(file).then(() => true, () => false)) n++;
  };
  // Published copies go through the generator's writer, so the site guard forgets them first.
  const unpublish = async (file: string) => {
    if (await removeFile(file)) n++;
  };
  for (const name of await fs.readdir(voiceDir(dataDir)).catch(() => [] as string[])) if (mine(name)) await drop(path.join(voiceDir(dataDir), name));
  const articles = path.join(siteDir, 'article');
  for (const year of await fs.readdir(articles).catch(() => [] as string[])) {
    if (!/^\d{4}$/.test(year)) continue;
    for (const month of await fs.readdir(path.join(articles, year)).catch(() => [] as string[])) {
      if (!/^\d{2}$/.test(month)) continue;
      for (const name of await fs.readdir(path.join(articles, year, month)).catch(() => [] as string[])) if (mine(name)) await unpublish(path.join(articles, year, month, name));
    }
  }
  return n;
}
