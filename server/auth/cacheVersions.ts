import { sql, type Migration } from 'kysely';
import type { Db, DialectName } from '../db/types.js';

/**
 * Rows of `perm_version` besides the permission counter (id 1, server/auth/permissionVersion.ts), raised
 * by database triggers so every server instance sees a change on its very next call:
 *  - id 2, sessions: a session revoked or deleted (logout, password change, user removed). Touches of
 *    `lastSeenAt` do not count unless they move it back (by hand), which an idle check must see.
 *  - id 3, article lists: any write to articles (but a view count alone: articleListTrigger.ts), columns
 *    (titles, tree), departments (scope trees) or the column grants of roles
 *    (server/modules/content/articles/listCache.ts).
 *  - id 4, search results: the search index, the article fields a result shows (not `hits`, which every
 *    public page view raises) and columns (server/modules/content/search/resultCache.ts).
 *  - id 5, columns: any write to `category` alone (the column list kept per call, a save's included:
 *    columns/service.ts); id 6, words: the words a declared word check reads (敏感词, not their hit
 *    counts: crud/wordCheck.ts). Rows and triggers made at every start (saveCounters.ts, session 32).
 * All but the search counter are read in one statement per authenticated call (readCacheVersions).
 */
export const VERSION_ROWS = { permissions: 1, sessions: 2, articleLists: 3, search: 4, columns: 5, words: 6 } as const;

/** The article columns a search result shows, `hits` excepted. */
const SEARCH_SHOWN = ['title', 'subTitle', 'columnId', 'summary', 'thumbnail', 'source', 'author', 'publishTime', 'jumpUrl', 'status'];

const WATCHED: { id: number; table: string; columns?: string[]; events?: ('insert' | 'update' | 'delete')[] }[] = [
  { id: VERSION_ROWS.sessions, table: 'sessions', columns: ['revoked', 'userId', 'appKey'], events: ['update', 'delete'] },
  { id: VERSION_ROWS.articleLists, table: 'article' },
  { id: VERSION_ROWS.articleLists, table: 'category' },
  { id: VERSION_ROWS.articleLists, table: 'departments' },
  { id: VERSION_ROWS.articleLists, table: 'category_role' },
  { id: VERSION_ROWS.search, table: 'article_search' },
  { id: VERSION_ROWS.search, table: 'article', columns: SEARCH_SHOWN },
  { id: VERSION_ROWS.search, table: 'category' },
];

/** A PostgreSQL trigger function raising row `id` at most once per transaction (the flag is transaction-local). */
export function bumpOncePerTransaction(name: string, id: number): string {
  return `create or replace function ${name}() returns trigger language plpgsql as $$
begin
  if current_setting('portal.cache_bumped_${id}', true) is distinct from txid_current()::text then
    update perm_version set v = v + 1 where id = ${id};
    perform set_config('portal.cache_bumped_${id}', txid_current()::text, true);
  end if;
  return null;
end $$`;
}

export function cacheVersionsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await db.insertInto('perm_version').values([2, 3, 4].map((id) => ({ id, v: 1 }))).execute();
      if (dialect === 'postgres') {
        // One function per row; statement-level triggers. A counter moves once per transaction: the same row
        // updated thousands of times in one transaction (a seed, an import) gets slower with every update.
        for (const id of new Set(WATCHED.map((w) => w.id))) {
          await sql.raw(bumpOncePerTransaction(`cache_version_bump_${id}`, id)).execute(db);
        }
        // The permission counter's function (2026_220_perf_permission_version) likewise.
        await sql.raw(bumpOncePerTransaction('perm_version_bump', VERSION_ROWS.permissions)).execute(db);
        for (const w of WATCHED) {
          const events = (w.events ?? ['insert', 'update', 'delete']).map((e) => (e === 'update' && w.columns ? `update of ${w.columns.map((c) => `"${c}"`).join(', ')}` : e));
          await sql.raw(`create trigger cache_bump_${w.id}_${w.table} after ${events.join(' or ')} or truncate on "${w.table}" for each statement execute function cache_version_bump_${w.id}()`).execute(db);
        }
        await sql.raw(`create trigger cache_bump_2_sessions_backdated after update of "lastSeenAt" on sessions for each row when (new."lastSeenAt" < old."lastSeenAt") execute function cache_version_bump_2()`).execute(db);
        return;
      }
      for (const w of WATCHED) {
        for (const ev of w.events ?? ['insert', 'update', 'delete']) {
          const on = ev === 'update' && w.columns ? `update of ${w.columns.map((c) => `"${c}"`).join(', ')}` : ev;
          await sql.raw(`create trigger cache_bump_${w.id}_${w.table}_${ev} after ${on} on "${w.table}" begin update perm_version set v = v + 1 where id = ${w.id}; end`).execute(db);
        }
      }
      await sql.raw(`create trigger cache_bump_2_sessions_backdated after update of "lastSeenAt" on sessions when new."lastSeenAt" < old."lastSeenAt" begin update perm_version set v = v + 1 where id = 2; end`).execute(db);
    },
  };
}

/**
 * The result caches can be switched off, so `npm run bench` can measure every path: `enabled` the answers
 * (article lists, search pages), `counts` the search's match counts (totalRow, kept per query whatever page).
 */
export const resultCaches = { enabled: true, counts: true };

export interface CacheVersions {
  permissions: number;
  sessions: number;
  articleLists: number;
  /** Undefined while the row is missing (a database not yet started by this version): nothing is kept by it. */
  columns?: number;
  words?: number;
}

const READ_AT_START = [VERSION_ROWS.permissions, VERSION_ROWS.sessions, VERSION_ROWS.articleLists, VERSION_ROWS.columns, VERSION_ROWS.words];

/** The counters of an authenticated call in one statement (primary-key rows). */
export async function readCacheVersions(db: Db): Promise<CacheVersions> {
  const rows = (await db.selectFrom('perm_version').select(['id', 'v']).where('id', 'in', READ_AT_START).execute()) as { id: number | string; v: number | string }[];
  const out: CacheVersions = { permissions: 0, sessions: 0, articleLists: 0 };
  for (const r of rows) {
    const id = Number(r.id);
    if (id === VERSION_ROWS.permissions) out.permissions = Number(r.v);
    else if (id === VERSION_ROWS.sessions) out.sessions = Number(r.v);
    else if (id === VERSION_ROWS.articleLists) out.articleLists = Number(r.v);
    else if (id === VERSION_ROWS.columns) out.columns = Number(r.v);
    else if (id === VERSION_ROWS.words) out.words = Number(r.v);
  }
  return out;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The cache counters read by the authentication hook at the start of this call. */
    cacheVersions?: CacheVersions;
  }
}

/** The search counter alone (public calls read no other). */
export async function readSearchVersion(db: Db): Promise<number> {
  const row = (await db.selectFrom('perm_version').select('v').where('id', '=', VERSION_ROWS.search).executeTakeFirst()) as { v: number | string } | undefined;
  return Number(row?.v ?? 0);
}
