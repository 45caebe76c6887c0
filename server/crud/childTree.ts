import { childIdField, type ChildDecl } from '../../resources/relations/children.js';
// Tables of declarations are named at run time: the deliberately untyped handle (server/db/types.ts).
import type { DynamicDb as Db, Row } from '../db/types.js';
import { maskPersonal } from '../shared/mask.js';

/**
 * Child collections with rows of their own under them (ChildDecl `children`: 问卷 → 题目 → 选项), read,
 * replaced and deleted as one tree. Used by the generic get and delete (server/crud/children.ts) and by a
 * behaviour that saves a record's children with it (the survey designer's save).
 */

/** The rows of `child` under these parent ids, in the declared order then by id (at most `limit`, masked when `masked`). */
async function rowsOf(db: Db, child: ChildDecl, parentIds: readonly unknown[]): Promise<Row[]> {
  if (!parentIds.length) return [];
  const order = child.order ?? 'asc';
  let q = db.selectFrom(child.table).selectAll().where(child.key, 'in', [...parentIds]);
  for (const f of child.orderBy ?? []) q = q.orderBy(f, order);
  q = q.orderBy(childIdField(child), order);
  if (child.limit) q = q.limit(child.limit);
  const rows = (await q.execute()) as Row[];
  return child.masked ? rows.map((r) => maskPersonal(r)) : rows;
}

/** A `lists` column's text as the list it holds ([] when blank, not JSON or no list). */
function listOf(text: unknown): string[] {
  if (typeof text !== 'string' || !text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/** One row as answered: the declared fields (null when missing), lists parsed, the enum labels, the rows under it. */
function shape(child: ChildDecl, row: Row, below: Map<string, Row[]>): Row {
  const out: Row = child.fields ? Object.fromEntries(child.fields.map((f) => [f, row[f] ?? null])) : { ...row };
  for (const f of child.lists ?? []) if (f in out) out[f] = listOf(out[f]);
  for (const label of [...(child.labelOf ? [child.labelOf] : []), ...(child.labelsOf ?? [])]) out[label.as] = label.options[String(row[label.field])] ?? '';
  for (const sub of child.children ?? []) out[sub.name] = (below.get(sub.name) ?? []).filter((r) => r[sub.key] === row[childIdField(child)]);
  return out;
}

/** The child rows of records, each with its own children nested (all levels). */
export async function readChildTree(db: Db, child: ChildDecl, parentIds: readonly unknown[]): Promise<Row[]> {
  const rows = await rowsOf(db, child, parentIds);
  const below = new Map<string, Row[]>();
  for (const sub of child.children ?? []) below.set(sub.name, await readChildTree(db, sub, rows.map((r) => r[childIdField(child)])));
  return rows.map((r) => shape(child, r, below));
}

/** One row by its own key, answered as the get answers it (the rows under it too); undefined when none. */
export async function readChildRow(db: Db, child: ChildDecl, id: unknown): Promise<Row | undefined> {
  const row = (await db.selectFrom(child.table).selectAll().where(childIdField(child), '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) return undefined;
  const below = new Map<string, Row[]>();
  for (const sub of child.children ?? []) below.set(sub.name, await readChildTree(db, sub, [id]));
  return shape(child, child.masked ? maskPersonal(row) : row, below);
}

/** Deletes the child rows of records and everything under them (the lowest level first). */
export async function deleteChildTree(db: Db, child: ChildDecl, parentIds: readonly unknown[]): Promise<void> {
  if (!parentIds.length) return;
  if (child.children?.length) {
    const idField = childIdField(child);
    const ids = (await db.selectFrom(child.table).select(idField).where(child.key, 'in', [...parentIds]).execute()).map((r) => (r as Row)[idField]);
    for (const sub of child.children) await deleteChildTree(db, sub, ids);
  }
  await db.deleteFrom(child.table).where(child.key, 'in', [...parentIds]).execute();
}

/**
 * Replaces the child rows of one record by `rows` (checked by the caller): each row's own columns, its
 * `key` set to the parent's id (and `rootKey` to the record's), the rows under it from its `name`.
 */
export async function writeChildTree(db: Db, child: ChildDecl, parentId: unknown, rows: readonly Row[], rootId: unknown = parentId): Promise<void> {
  await deleteChildTree(db, child, [parentId]);
  const subNames = new Set((child.children ?? []).map((c) => c.name));
  const idField = childIdField(child);
  for (const row of rows) {
    const values: Row = Object.fromEntries(Object.entries(row).filter(([k]) => !subNames.has(k) && k !== idField));
    values[child.key] = parentId;
    if (child.rootKey) values[child.rootKey] = rootId;
    const inserted = (await db.insertInto(child.table).values(values).returning(idField).executeTakeFirstOrThrow()) as Row;
    for (const sub of child.children ?? []) await writeChildTree(db, sub, inserted[idField], (row[sub.name] as Row[] | undefined) ?? [], rootId);
  }
}
