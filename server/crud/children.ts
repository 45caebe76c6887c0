import type { Hooks, RecordData } from '../../resources/behaviour.js';
import type { ResourceDecl } from '../../resources/types.js';
import { childFormHooks } from './childForm.js';
import { deleteChildTree, readChildTree } from './childTree.js';
import type { EntityContext } from './entity/types.js';

const trxOf = (ctx: unknown) => (ctx as EntityContext).trx;

/** The child collections as hooks, run after the entity's own (server/crud/entity/attach.ts). */
export function childHooks(decl: ResourceDecl): Hooks {
  const children = decl.children ?? [];
  if (!children.length) return {};
  return {
    // Collections sent with the record (ChildDecl `form`): checked, written and answered by the save.
    ...childFormHooks(decl),
    afterGet: [
      async ({ record, ctx }) => {
        const out: RecordData = { ...record };
        for (const child of children) out[child.name] = await readChildTree(trxOf(ctx), child, [record[decl.idField]]);
        return out;
      },
    ],
    beforeDelete: [
      async ({ records, ctx }) => {
        const ids = records.map((r) => r[decl.idField]);
        for (const child of children) await deleteChildTree(trxOf(ctx), child, ids);
      },
    ],
  };
}
