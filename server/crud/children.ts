import type { Hooks, RecordData } from '../../resources/behaviour.js';
import type { ChildDecl } from '../../resources/relations/children.js';
import type { ResourceDecl } from '../../resources/types.js';
// Tables of declarations are named at run time: the deliberately untyped handle (server/db/types.ts).
import type { DynamicDb as Db, Row } from '../db/types.js';
import { maskPersonal } from '../shared/mask.js';
import type { EntityContext } from './entity/types.js';

const trxOf = (ctx: unknown) => (ctx as EntityContext).trx;

/** The child rows of records, in the declared order then by id (at most `limit`, masked when `masked`). */
export async function childRows(db: Db, child: ChildDecl, parentIds: readonly unknown[]): Promise<Row[]> {
  if (!parentIds.length) return [];
  const order = child.order ?? 'asc';
  let q = db.selectFrom(child.table).selectAll().where(child.key, 'in', [...parentIds]);
  for (const f of child.orderBy ?? []) q = q.orderBy(f, order);
  q = q.orderBy('id', order);
  if (child.limit) q = q.limit(child.limit);
  const rows = (await q.execute()) as Row[];
  return child.masked ? rows.map((r) => maskPersonal(r)) : rows;
}

/** The child collections as hooks, run after the entity's own (server/crud/entity/attach.ts). */
export function childHooks(decl: ResourceDecl): Hooks {
  const children = decl.children ?? [];
  if (!children.length) return {};
  return {
    afterGet: [
      async ({ record, ctx }) => {
        const out: RecordData = { ...record };
        for (const child of children) out[child.name] = await childRows(trxOf(ctx), child, [record[decl.idField]]);
        return out;
      },
    ],
    beforeDelete: [
      async ({ records, ctx }) => {
        const ids = records.map((r) => r[decl.idField]);
        for (const child of children) await trxOf(ctx).deleteFrom(child.table).where(child.key, 'in', ids).execute();
      },
    ],
  };
}
