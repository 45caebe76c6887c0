import type { Db } from '../../../db/types.js';

/**
 * What happened to an article: `published` (now public), `changed` (saved or moved, any state),
 * `unpublished` (taken down, returned or otherwise no longer public), `removed` (deleted).
 */
export type ArticleChange = 'published' | 'changed' | 'unpublished' | 'removed';

export type ArticleHook = (db: Db, articleId: number, change: ArticleChange) => Promise<void> | void;

const hooks = new WeakMap<Db, ArticleHook[]>();

/**
 * Registers a function run after every committed article change of this database (search indexing,
 * static page generation). Register it in a module: `addArticleHook(app.db, fn)`.
 */
export function addArticleHook(db: Db, hook: ArticleHook): void {
  const list = hooks.get(db) ?? [];
  list.push(hook);
  hooks.set(db, list);
}

/**
 * Runs the hooks for one article, after its transaction committed. A failing hook is logged and does
 * not undo the change (an index can be rebuilt with /api/article/manualSavaEs).
 */
export async function onArticleChanged(db: Db, articleId: number, change: ArticleChange, log?: (error: unknown) => void): Promise<void> {
  for (const hook of hooks.get(db) ?? []) {
    try {
      await hook(db, articleId, change);
    } catch (error) {
      log?.(error);
    }
  }
}
