import type { ArticleTransition } from '../../../../resources/article.js';
import type { RecordData } from '../../../../resources/behaviour.js';
import type { EntityContext, PortalServices } from '../../../crud/entity/types.js';
import type { PortalUser } from '../../../http/fastifyTypes.js';

/**
 * What happened to an article: `published` (now public), `changed` (saved or moved, any state),
 * `unpublished` (taken down, returned or otherwise no longer public), `removed` (deleted).
 */
export type ArticleChange = 'published' | 'changed' | 'unpublished' | 'removed';

/** A service told of each committed article change (its module provides it: `app.entities.provide`). */
export type ArticleFollower = (articleId: number, change: ArticleChange) => Promise<void> | void;

/**
 * The services the article's behaviour tells, after the commit, of every change (server/entities/article.ts
 * afterChange / afterDelete): the search index, the static pages, the read-aloud audio, the reports' marks.
 */
export const ARTICLE_FOLLOWERS = {
  search: 'article.follow.search',
  generation: 'article.follow.generation',
  voice: 'article.follow.voice',
  reports: 'article.follow.reports',
} as const;

/** Tells every provided follower; a failing one is logged and does not stop the others (an index can be rebuilt: manualSavaEs). */
export async function tellFollowers(services: PortalServices, articleId: number, change: ArticleChange): Promise<void> {
  for (const name of Object.values(ARTICLE_FOLLOWERS)) {
    if (!services.has(name)) continue;
    try {
      await services.get<ArticleFollower>(name)(articleId, change);
    } catch (error) {
      services.log.error({ err: error, articleId, change }, `${name} failed`);
    }
  }
}

/** Told of each article a staff save creates (no copy, no demo), inside its transaction: the reports' mark. */
export type ArticleCreated = (record: RecordData, ctx: EntityContext) => Promise<void>;
export const ARTICLE_CREATED = { reports: 'article.created.reports' } as const;

/** Tells every provided ARTICLE_CREATED service, in the transaction (a failure rolls the save back). */
export async function tellCreated(record: RecordData, ctx: EntityContext): Promise<void> {
  for (const name of Object.values(ARTICLE_CREATED)) if (ctx.services.has(name)) await ctx.services.get<ArticleCreated>(name)(record, ctx);
}

/** What a state change means for search and static pages. */
export function changeOf(before: number, after: number): ArticleChange {
  if (after === 5) return 'published';
  return before === 5 ? 'unpublished' : 'changed';
}

/**
 * What server code says about an article write through the local API, beside the values (a symbol key:
 * no request body can carry it). Without it a write is a staff save: create, or a plain edit.
 */
export interface ArticleWrite {
  /** A review step (accept…); with `stepOnly` the write changes nothing else (the declared actions). */
  readonly step?: ArticleTransition;
  readonly stepOnly?: boolean;
  /** The history entry's action and name (updateAndAccept, 修改并初审通过…). */
  readonly action?: string;
  readonly actionName?: string;
  readonly opinion?: string | null;
  /** Who acts, when the local API runs as the system after the route checked the caller's reach. */
  readonly by?: PortalUser;
  /** 管理员发布 (save/admin, a copy by an admin): may publish at once, into any column. */
  readonly admin?: boolean;
  /** A copy of this article: the history says so; no new sensitive-word hits are counted. */
  readonly copyOf?: number;
  /** Demo data of the first start: the values as given (state, stamps), no checks, no history, nobody told. */
  readonly seed?: boolean;
}
export const ARTICLE_WRITE = Symbol('articleWrite');
