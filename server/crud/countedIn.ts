import type { Hooks, RecordData } from '../../resources/behaviour.js';
import type { CountedInDecl } from '../../resources/relations/countedIn.js';
import type { ResourceDecl } from '../../resources/types.js';
// Tables of declarations are named at run time: the deliberately untyped handle (server/db/types.ts).
import type { DynamicDb as Db, Row } from '../db/types.js';
import type { EntityContext } from './entity/types.js';

/**
 * The declaration's `countedIn` (resources/relations/countedIn.ts) as hooks, run after the entity's own
 * (server/crud/entity/attach.ts): the counting records named by the changed or deleted records recounted.
 */

type DeclOf = (name: string) => ResourceDecl | undefined;
const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The counting records of these ids: `field` is how many of the entity's records name each. */
async function recount(db: Db, decl: ResourceDecl, target: ResourceDecl, c: CountedInDecl, ids: readonly unknown[]): Promise<void> {
  for (const id of new Set(ids.filter(present).map(Number))) {
    const n = (await db.selectFrom(decl.table).select((eb) => eb.fn.countAll().as('n')).where(c.key, '=', id).executeTakeFirst()) as Row | undefined;
    await db.updateTable(target.table).set({ [c.field]: Number(n?.n ?? 0) }).where(target.idField, '=', id).execute();
  }
}

export function countedInHooks(decl: ResourceDecl, declOf: DeclOf): Hooks {
  const counts = (decl.countedIn ?? []).map((c) => {
    const name = c.entity ?? decl.fields.find((f) => f.name === c.key)?.reference;
    const target = name ? declOf(name) : undefined;
    if (!target) throw new Error(`resources/${decl.name}.ts: countedIn ${c.key} 没有计数的资源`);
    return { c, target };
  });
  const trxOf = (ctx: unknown) => (ctx as EntityContext).trx;
  const keysOf = (records: readonly (RecordData | undefined)[], key: string) => records.map((r) => r?.[key]);
  return {
    afterChange: [
      async ({ operation, record, previous, ctx }) => {
        for (const { c, target } of counts) {
          if (operation === 'update' && String(previous?.[c.key] ?? '') === String(record[c.key] ?? '')) continue;
          await recount(trxOf(ctx), decl, target, c, keysOf([record, previous], c.key));
        }
      },
    ],
    afterDelete: [
      async ({ records, ctx }) => {
        for (const { c, target } of counts) await recount(trxOf(ctx), decl, target, c, keysOf(records, c.key));
      },
    ],
  };
}
