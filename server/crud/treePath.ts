import type { Hooks, RecordData } from '../../resources/behaviour.js';
import type { ResourceDecl } from '../../resources/types.js';
// Tables of declarations are named at run time: the deliberately untyped handle (server/db/types.ts).
import type { DynamicDb as Db, Row } from '../db/types.js';
import { applyWhere } from './behaviour.js';
import type { EntityContext } from './entity/types.js';
import { subtreeOf } from '../shared/subtree.js';

const trxOf = (ctx: unknown) => (ctx as EntityContext).trx;

/** The path of each node of a subtree: its parent's path, then its id (`/3/12`); answers them top-down. */
export function subtreePaths(rows: readonly Row[], rootId: number, idField: string, parentField: string, pathField: string): Map<number, string> {
  const byId = new Map(rows.map((r) => [Number(r[idField]), r]));
  const paths = new Map<number, string>();
  const root = byId.get(rootId);
  if (!root) return paths;
  const above = (byId.get(Number(root[parentField]))?.[pathField] as string | null | undefined) ?? '';
  // subtreeOf answers the subtree breadth first: each node after its parent.
  for (const id of subtreeOf(rows, rootId, (r) => Number(r[idField]), (r) => Number(r[parentField]))) {
    const parent = id === rootId ? above : (paths.get(Number(byId.get(id)?.[parentField])) ?? '');
    paths.set(id, `${parent}/${id}`);
  }
  return paths;
}

/** Writes the paths of a created or moved node and of everything below it. */
async function repath(trx: Db, decl: ResourceDecl, id: number): Promise<void> {
  const { parentField, pathField } = decl.tree as { parentField: string; pathField: string };
  const rows = (await applyWhere(trx.selectFrom(decl.table).select([decl.idField, parentField, pathField]), decl.where).execute()) as Row[];
  for (const [nodeId, path] of subtreePaths(rows, id, decl.idField, parentField, pathField)) {
    await trx.updateTable(decl.table).set({ [pathField]: path }).where(decl.idField, '=', nodeId).execute();
  }
}

/**
 * A tree's `pathField` as hooks (server/crud/tree.ts adds them): written after a create and after a move
 * (for the whole subtree), in the save's transaction; the save's answer reads it back (enrich).
 */
export function treePathHooks(decl: ResourceDecl): Hooks {
  const tree = decl.tree;
  const pathField = tree?.pathField;
  if (!tree || !pathField) return {};
  return {
    afterChange: [
      async ({ operation, record, previous, ctx }) => {
        if (operation === 'create' || Number(record[tree.parentField]) !== Number(previous?.[tree.parentField])) await repath(trxOf(ctx), decl, Number(record[decl.idField]));
      },
    ],
    enrich: [
      async ({ records, ctx }) => {
        if (!records.length) return records;
        const ids = records.map((r) => Number(r[decl.idField]));
        const rows = (await trxOf(ctx).selectFrom(decl.table).select([decl.idField, pathField]).where(decl.idField, 'in', ids).execute()) as Row[];
        const paths = new Map(rows.map((r) => [Number(r[decl.idField]), r[pathField]]));
        return records.map((r): RecordData => ({ ...r, [pathField]: paths.get(Number(r[decl.idField])) ?? r[pathField] ?? null }));
      },
    ],
  };
}
