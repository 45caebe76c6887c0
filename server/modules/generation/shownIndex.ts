import { sql, type Migration } from 'kysely';
import { dialectOf, type Db, type Row } from '../../db/types.js';
import type { PageJob } from './worker/protocol.js';

/**
 * Which generated list pages and home page show which article (docs/generation.md "Republishing"):
 * table `site_page_article (rel, articleId)`, written with each list, cover and home page, in the
 * database so every instance agrees. Republishing reads the pages that show an article from it
 * instead of reading every generated list page.
 */
export const SHOWN_TABLE = 'site_page_article';
/** The first key of the per-page advisory locks of recordShown (PostgreSQL). */
const SHOWN_LOCK = 260034;

export function shownIndexMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .createTable(SHOWN_TABLE)
        .addColumn('rel', 'varchar(255)', (c) => c.notNull())
        .addColumn('articleId', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('site_page_article_pk', ['rel', 'articleId'])
        .execute();
      await db.schema.createIndex('site_page_article_article').on(SHOWN_TABLE).column('articleId').execute();
    },
  };
}

/** The pages the index follows: the home page and the column pages (article pages show only themselves). */
const indexed = (rel: string) => rel === 'index.html' || rel.startsWith('column/');

const ids = (list: unknown): number[] => (Array.isArray(list) ? list.map((a) => Number((a as Row).id)).filter((n) => Number.isInteger(n)) : []);

/** The articles a page's variables list: `articles`, and those of `homeColumns` / `childBlocks`. */
export function shownBy(job: PageJob): number[] {
  const v = job.vars;
  const out = new Set(ids(v.articles));
  for (const block of [...(Array.isArray(v.homeColumns) ? v.homeColumns : []), ...(Array.isArray(v.childBlocks) ? v.childBlocks : [])]) {
    for (const id of ids((block as Row).articles)) out.add(id);
  }
  return [...out];
}

/**
 * Records what the written pages show (their old rows replaced), in one transaction. Republishes of articles
 * of one column record the same pages side by side: on PostgreSQL (READ COMMITTED) the second's delete did not
 * see the first's new rows and its insert failed on the key, or the two deadlocked; each transaction now holds a
 * lock per page (taken in one order) until it commits, so one page's records follow each other. SQLite's
 * writes are serial already.
 */
export async function recordShown(db: Db, jobs: readonly PageJob[]): Promise<void> {
  const mine = jobs.filter((j) => indexed(j.rel));
  if (!mine.length) return;
  const rels = [...new Set(mine.map((j) => j.rel))];
  const rows = mine.flatMap((j) => shownBy(j).map((articleId) => ({ rel: j.rel, articleId })));
  await db.transaction().execute(async (trx) => {
    // One statement however many pages (a full generation records thousands), the locks taken in the pages' order.
    if (dialectOf(db) === 'postgres') {
      await sql`select count(pg_advisory_xact_lock(${SHOWN_LOCK}, hashtext(r))) from (select r from unnest(${rels}::text[]) as r order by r) as pages`.execute(trx);
    }
    await trx.deleteFrom(SHOWN_TABLE).where('rel', 'in', rels).execute();
    // Two jobs of one call for the same page: its rows once.
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto(SHOWN_TABLE).values(rows.slice(i, i + 500)).onConflict((oc) => oc.doNothing()).execute();
  });
}

/** Forgets removed pages: some rels, or every page of some columns. */
export async function forgetPages(db: Db, rels: readonly string[], columnIds: readonly number[] = []): Promise<void> {
  if (rels.length) await db.deleteFrom(SHOWN_TABLE).where('rel', 'in', [...rels]).execute();
  for (const id of columnIds) await db.deleteFrom(SHOWN_TABLE).where('rel', 'like', `column/${id}/%`).execute();
}

/** Where the site shows the article now, from the index: list pages per column and the home page; null when nothing was ever indexed. */
export async function pagesShowingIndexed(db: Db, articleId: number): Promise<{ lists: Map<number, Set<number>>; home: boolean } | null> {
  // One statement (issue 26): the article's rows, and any one row, whose presence says the index was ever built.
  const any = db.selectFrom(db.selectFrom(SHOWN_TABLE).select(['rel', 'articleId']).limit(1).as('any')).select(['any.rel', 'any.articleId']);
  const found = await db.selectFrom(SHOWN_TABLE).select(['rel', 'articleId']).where('articleId', '=', articleId).unionAll(any).execute();
  if (!found.length) return null;
  const lists = new Map<number, Set<number>>();
  let home = false;
  // The extra row may be one of the article's own: pages are sets, a second sight changes nothing.
  for (const r of found.filter((f) => Number(f.articleId) === articleId)) {
    const rel = String(r.rel);
    if (rel === 'index.html') home = true;
    const m = /^column\/(\d{1,10})\/index(?:_(\d+))?\.html$/.exec(rel);
    if (m) lists.set(Number(m[1]), (lists.get(Number(m[1])) ?? new Set<number>()).add(m[2] ? Number(m[2]) : 1));
  }
  return { lists, home };
}
