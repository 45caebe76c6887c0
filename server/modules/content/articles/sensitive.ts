import type { Db } from '../../../db/types.js';
import { formatDateTime } from '../../../util/time.js';
import { plainText } from '../../../shared/text.js';
import { increment } from '../../../shared/counters.js';

export interface SensitiveHit {
  wordId: number;
  word: string;
  /** 1 禁止发布, 2 需要审核, 3 仅提示. */
  level: number;
  levelName: string;
  type: number | null;
  /** 标题, 摘要 or 正文. */
  field: string;
  /** Up to 20 characters either side of the first occurrence, the word marked 【…】. */
  context: string;
  count: number;
}

const LEVEL_NAMES: Record<number, string> = { 1: '禁止发布', 2: '需要审核', 3: '仅提示' };
const CONTEXT = 20;

export interface TextParts {
  title?: unknown;
  summary?: unknown;
  content?: unknown;
}

/** Every enabled sensitive word found in the title, summary or body text, with its context. */
export async function detectSensitive(db: Db, parts: TextParts): Promise<SensitiveHit[]> {
  const words = (await db.selectFrom('sensitive_word').select(['id', 'word', 'level', 'type']).where('status', '=', 1).execute()) as {
    id: number;
    word: string;
    level: number;
    type: number | null;
  }[];
  const texts: [string, string][] = [
    ['标题', typeof parts.title === 'string' ? parts.title : ''],
    ['摘要', typeof parts.summary === 'string' ? parts.summary : ''],
    ['正文', typeof parts.content === 'string' ? plainText(parts.content) : ''],
  ];
  const hits: SensitiveHit[] = [];
  for (const w of words) {
    const word = String(w.word ?? '').trim();
    if (!word) continue;
    for (const [field, text] of texts) {
      const at = text.indexOf(word);
      if (at < 0) continue;
      let count = 0;
      for (let i = at; i >= 0; i = text.indexOf(word, i + word.length)) count++;
      const before = text.slice(Math.max(0, at - CONTEXT), at);
      const after = text.slice(at + word.length, at + word.length + CONTEXT);
      hits.push({
        wordId: w.id,
        word,
        level: w.level,
        levelName: LEVEL_NAMES[w.level] ?? '',
        type: w.type === null ? null : w.type,
        field,
        context: `${at > CONTEXT ? '…' : ''}${before}【${word}】${after}${at + word.length + CONTEXT < text.length ? '…' : ''}`,
        count,
      });
    }
  }
  return hits.sort((a, b) => a.level - b.level || a.word.localeCompare(b.word));
}

/** Stores an article's hits (replacing the previous ones) and counts one hit per word on the word. */
export async function recordSensitiveHits(db: Db, articleId: number, hits: readonly SensitiveHit[]): Promise<void> {
  await db.deleteFrom('article_sensitive').where('articleId', '=', articleId).execute();
  const now = formatDateTime();
  for (const h of hits) {
    await db.insertInto('article_sensitive').values({ articleId, wordId: h.wordId, word: h.word, level: h.level, context: `${h.field}：${h.context}`, createTime: now }).execute();
  }
  const wordIds = [...new Set(hits.map((h) => h.wordId))];
  if (wordIds.length) {
    await increment(db, 'sensitive_word', 'hitCount', { column: 'id', keys: wordIds.map(Number) });
  }
}
