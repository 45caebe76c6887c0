import articleDecl from '../../../../resources/article.js';
import sensitiveDecl from '../../../../resources/sensitive.js';
import { checkWords, type WordHit } from '../../../crud/wordCheck.js';
import { dynamic, type Db } from '../../../db/types.js';
import { formatDateTime } from '../../../util/time.js';
import { increment } from '../../../shared/counters.js';

/** A hit of the declared word check (resources/article.ts `wordCheck`; `type` the word's 敏感词类型). */
export type SensitiveHit = WordHit;

export interface TextParts {
  title?: unknown;
  summary?: unknown;
  content?: unknown;
}

/** Every enabled sensitive word found in the title, summary or body text, with its context (the declared word check). */
export function detectSensitive(db: Db, parts: TextParts): Promise<SensitiveHit[]> {
  return checkWords(dynamic(db), sensitiveDecl, articleDecl.wordCheck!, { ...parts });
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
