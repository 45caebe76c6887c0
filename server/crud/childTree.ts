import type { ChildDecl } from '../../resources/relations/children.js';
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
  q = q.orderBy('id', order);
  if (child.limit) q = q.limit(child.limit);
  const rows = (await q.execute()) as Row[];
  return child.masked ? rows.map((r) => maskPersonal(r)) : rows;
}

/** One row as answered: the declared fields (null when missing), the enum labels, the rows under it. */
function shape(child: ChildDecl, row: Row, below: Map<string, Row[]>): Row {
  const out: Row = child.fields ? Object.fromEntries(child.fields.map((f) => [f, row[f] ?? null])) : { ...row };
  for (const label of [...(child.labelOf ? [child.labelOf] : []), ...(child.labelsOf ?? [])]) out[label.as] = label.options[String(row[label.field])] ?? '';
  for (const sub of child.children ?? []) out[sub.name] = (below.get(sub.name) ?? []).filter((r) => r[sub.key] === row.id);
  return out;
}

/** The child rows of records, each with its own children nested (all levels). */
export async function readChildTree(db: Db, child: ChildDecl, parentIds: readonly unknown[]): Promise<Row[]> {
  const rows = await rowsOf(db, child, parentIds);
  const below = new Map<string, Row[]>();
  for (const sub of child.children ?? []) below.set(sub.name, await readChildTree(db, sub, rows.map((r) => r.id)));
  return rows.map((r) => shape(child, r, below));
}

/** Deletes the child rows of records and everything under them (the lowest level first). */
export async function deleteChildTree(db: Db, child: ChildDecl, parentIds: readonly unknown[]): Promise<void> {
  if (!parentIds.length) return;
  if (child.children?.length) {
    const ids = (await db.selectFrom(child.table).select('id').where(child.key, 'in', [...parentIds]).execute()).map((r) => (r as Row).id);
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
  for (const row of rows) {
    const values: Row = Object.fromEntries(Object.entries(row).filter(([k]) => !subNames.has(k) && k !== 'id'));
    values[child.key] = parentId;
    if (child.rootKey) values[child.rootKey] = rootId;
    const inserted = (await db.insertInto(child.table).values(values).returning('id').executeTakeFirstOrThrow()) as Row;
    for (const sub of child.children ?? []) await writeChildTree(db, sub, inserted.id, (row[sub.name] as Row[] | undefined) ?? [], rootId);
  }
}
