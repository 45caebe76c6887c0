import type { Hooks, RecordData } from '../../resources/behaviour.js';
import type { ChildDecl } from '../../resources/relations/children.js';
import type { ResourceDecl } from '../../resources/types.js';
import { childFormHooks } from './childForm.js';
import { rowsWithRecordHooks } from './childRowsWithRecord.js';
import { deleteChildTree, readChildTree } from './childTree.js';
import type { EntityContext } from './entity/types.js';

const trxOf = (ctx: unknown) => (ctx as EntityContext).trx;

async function withChildren(db: EntityContext['trx'], decl: ResourceDecl, children: readonly ChildDecl[], records: readonly RecordData[]): Promise<RecordData[]> {
  const ids = records.map((r) => r[decl.idField]);
  const out = records.map((r) => ({ ...r }));
  for (const child of children) {
    const rows = await readChildTree(db, child, ids);
    for (const r of out) r[child.name] = rows.filter((row) => row[child.key] === r[decl.idField]);
  }
  return out;
}

/** The child collections as hooks, run after the entity's own (server/crud/entity/attach.ts). */
export function childHooks(decl: ResourceDecl): Hooks {
  const children = decl.children ?? [];
  if (!children.length) return {};
  const onGet = children.filter((c) => !c.everyRead);
  const always = children.filter((c) => c.everyRead);
  const own: Hooks = {
    afterGet: [
      async ({ record, ctx }) => {
        const out: RecordData = { ...record };
        for (const child of onGet) out[child.name] = await readChildTree(trxOf(ctx), child, [record[decl.idField]]);
        return out;
      },
    ],
    // `everyRead` collections: with every record read (one query per collection for a page).
    enrich: always.length ? [async ({ records, ctx }) => withChildren(trxOf(ctx), decl, always, records)] : [],
    beforeDelete: [
      async ({ records, ctx }) => {
        const ids = records.map((r) => r[decl.idField]);
        for (const child of children) await deleteChildTree(trxOf(ctx), child, ids);
      },
    ],
  };
  // Collections sent with the record (ChildDecl `form`, or `rowCalls.withRecord`): checked, written (and answered) by the save.
  return joinHooks([childFormHooks(decl), rowsWithRecordHooks(decl), own]);
}

/** Hooks of several sources, each name's in the sources' order. */
function joinHooks(parts: readonly Hooks[]): Hooks {
  const out: Record<string, unknown[]> = {};
  for (const part of parts) for (const [name, list] of Object.entries(part)) out[name] = [...(out[name] ?? []), ...(list as unknown[])];
  return out as Hooks;
}
