import { keptPerCounter } from '../../../db/keptPerCounter.js';
import type { Db, Row } from '../../../db/types.js';
import type { PortalUser } from '../../../http/fastifyTypes.js';
import { subtreeOf, withAncestors } from '../../../shared/subtree.js';

export interface ColumnRow {
  categoryId: number;
  categoryTitle: string;
  categoryCategoryId: number;
  columnType: number;
  categorySort: number;
  columnContentModelId: number | null;
  columnPath: string | null;
  [key: string]: unknown;
}

export interface ColumnNode extends ColumnRow {
  children: ColumnNode[];
}

/** Every column, in tree order (sort, then id). */
export async function loadColumns(db: Db): Promise<ColumnRow[]> {
  const rows = await db.selectFrom('category').selectAll().orderBy('categorySort', 'asc').orderBy('categoryId', 'asc').execute();
  return rows.map(normaliseColumn);
}

/**
 * The columns, read once per change of the columns counter (raised by every write to `category` only,
 * server/auth/saveCounters.ts) in any authenticated call, a save's transaction included, until the call
 * writes `category` itself (issue 26, session 32: a draft save read the whole table twice).
 */
export const loadColumnsKept = keptPerCounter('columns', loadColumns, { tables: ['category'] });

/** Column titles by id, kept like loadColumnsKept. */
export const columnTitlesKept = keptPerCounter('columns', async (db) => new Map((await loadColumnsKept(db)).map((c) => [c.categoryId, c.categoryTitle])), { tables: ['category'] });

export function normaliseColumn(r: Row): ColumnRow {
  return {
    ...r,
    categoryId: Number(r.categoryId),
    categoryTitle: String(r.categoryTitle ?? ''),
    categoryCategoryId: Number(r.categoryCategoryId ?? 0),
    columnType: Number(r.columnType ?? 1),
    categorySort: Number(r.categorySort ?? 0),
    columnContentModelId: r.columnContentModelId === null || r.columnContentModelId === undefined ? null : Number(r.columnContentModelId),
    columnPath: (r.columnPath as string | null) ?? null,
  };
}

export async function findColumn(db: Db, id: number): Promise<ColumnRow | undefined> {
  const row = await db.selectFrom('category').selectAll().where('categoryId', '=', id).executeTakeFirst();
  return row ? normaliseColumn(row) : undefined;
}

/** Nested tree; `only` keeps the given ids and the ancestors needed to reach them. */
export function buildTree(rows: readonly ColumnRow[], only?: ReadonlySet<number> | null): ColumnNode[] {
  const byId = new Map<number, ColumnNode>(rows.map((r) => [r.categoryId, { ...r, children: [] }]));
  const keep = only ? withAncestors(rows, only, (r) => r.categoryId, (r) => r.categoryCategoryId) : null;
  const roots: ColumnNode[] = [];
  for (const node of byId.values()) {
    if (keep && !keep.has(node.categoryId)) continue;
    const parent = byId.get(node.categoryCategoryId);
    if (parent && parent.categoryId !== node.categoryId && (!keep || keep.has(parent.categoryId))) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The column and every column below it. */
export function descendantIds(rows: readonly ColumnRow[], id: number): number[] {
  return subtreeOf(rows, id, (r) => Number(r.categoryId), (r) => Number(r.categoryCategoryId));
}

/**
 * The columns a user may publish into and review: those granted to any of their roles
 * (`/column/role/save`); `null` = every column, for users whose data scope is ALL.
 */
export async function userColumnIds(db: Db, user: PortalUser): Promise<number[] | null> {
  if (user.dataScope === 'ALL') return null;
  if (user.roleIds.length === 0) return [];
  const rows = (await db.selectFrom('category_role').select('categoryId').where('roleId', 'in', user.roleIds).execute()) as { categoryId: number }[];
  return [...new Set(rows.map((r) => r.categoryId))];
}
