import type { Db } from '../../db/types.js';

/** An article page as the page extras see it: its id, site-relative path, title and body. */
export interface ArticlePageRow {
  id: number;
  rel: string;
  title: string;
  content: string;
}

/** Answers, per article id, the value of one extra page variable (`article.<name>`). */
export type ArticlePageExtra = (rows: ArticlePageRow[]) => Promise<Map<number, unknown>>;

interface PageHooks {
  extras: Map<string, ArticlePageExtra>;
  republish: (articleId: number) => Promise<void>;
}

/**
 * What other domains add to article pages (read-aloud's `article.voice`, docs/voice.md) and how they ask
 * for a page to be rendered again, per database. They register here, so generation imports none of them.
 */
const hooks = new WeakMap<Db, PageHooks>();

function hooksOf(db: Db): PageHooks {
  let found = hooks.get(db);
  if (!found) {
    found = { extras: new Map(), republish: async () => undefined };
    hooks.set(db, found);
  }
  return found;
}

export const addArticlePageExtra = (db: Db, name: string, extra: ArticlePageExtra) => void hooksOf(db).extras.set(name, extra);

/** The values of every registered extra for these pages, as `name → (article id → value)`. */
export async function articlePageExtras(db: Db, rows: ArticlePageRow[]): Promise<[string, Map<number, unknown>][]> {
  return Promise.all([...hooksOf(db).extras].map(async ([name, extra]) => [name, await extra(rows)] as [string, Map<number, unknown>]));
}

export const setArticleRepublisher = (db: Db, republish: (articleId: number) => Promise<void>) => void (hooksOf(db).republish = republish);

/** Renders an article's page again (a no-op until the generation module has registered). */
export const republishArticlePage = (db: Db, articleId: number) => hooksOf(db).republish(articleId);
