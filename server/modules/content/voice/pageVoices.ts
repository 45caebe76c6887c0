import type { Db } from '../../../db/types.js';
import { publishBeside } from './files.js';
import { articleSpeechText, speechHash } from './sentences.js';
import { voiceConfig } from './engine.js';

export interface PageVoice {
  /** Site-relative address of the published copy, beside the page (print it with `| href: root`). */
  url: string;
  /** Length in seconds, and as 分秒 for the page. */
  seconds: number;
  duration: string;
}

/**
 * The `article.voice` variable of article pages (docs/voice.md "On the page"): the ready audio of
 * each article whose text has not changed since (a changed article shows no stale audio until its new
 * audio is made), published beside the page as a side effect. One query for all the rows.
 */
export async function pageVoices(db: Db, dataDir: string, siteDir: string, rows: { id: number; rel: string; title: string; content: string }[]): Promise<Map<number, PageVoice>> {
  const out = new Map<number, PageVoice>();
  if (!rows.length) return out;
  const voices = await db.selectFrom('article_voice').selectAll().where('status', '=', 'ready').where('articleId', 'in', rows.map((r) => r.id)).execute();
  if (!voices.length) return out;
  const maxChars = voiceConfig().maxChars;
  for (const v of voices) {
    const row = rows.find((r) => r.id === v.articleId);
    if (!row || !v.fileName || v.hash !== speechHash(articleSpeechText(row.title, row.content, maxChars), v.engine)) continue;
    const url = await publishBeside(dataDir, siteDir, row.rel, v.fileName);
    if (!url) continue;
    const seconds = Math.round(Number(v.durationMs ?? 0) / 1000);
    out.set(v.articleId, { url, seconds, duration: `${Math.floor(seconds / 60)}分${String(seconds % 60).padStart(2, '0')}秒` });
  }
  return out;
}
