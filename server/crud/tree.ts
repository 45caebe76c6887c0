import type { Hooks, RecordData } from '../../resources/behaviour.js';
import type { TreeDecl } from '../../resources/relations/tree.js';
import type { ResourceDecl } from '../../resources/types.js';
// Tables of declarations are named at run time: the deliberately untyped handle (server/db/types.ts).
import type { DynamicDb as Db, Row } from '../db/types.js';
import { invalidValue, PortalError } from '../http/errors.js';
import { applyWhere } from './behaviour.js';
import type { EntityContext } from './entity/types.js';
import { subtreeOf } from '../shared/subtree.js';
import { treePathHooks } from './treePath.js';

/** The operation's transaction (hooks on the generic routes always get the server's context). */
const trxOf = (ctx: unknown) => (ctx as EntityContext).trx;

/** The id and every descendant's id of `rootId`, from rows of `{ id, parent }` (a cycle in the data ends the walk). */
export function subtreeIds(rows: readonly Row[], rootId: number, idField: string, parentField: string): number[] {
  return subtreeOf(rows, rootId, (r) => Number(r[idField]), (r) => Number(r[parentField]));
}

async function allNodes(trx: Db, decl: ResourceDecl, tree: TreeDecl): Promise<Row[]> {
  return (await applyWhere(trx.selectFrom(decl.table).select([decl.idField, tree.parentField]), decl.where).execute()) as Row[];
}

/** Parent checks and the level of a save's values (the values may name no parent: then the original's, or the root). */
async function placeNode(trx: Db, decl: ResourceDecl, tree: TreeDecl, data: RecordData, original: RecordData | undefined): Promise<RecordData> {
  const root = tree.root ?? 0;
  const given = data[tree.parentField];
  if (given === undefined && original) return data;
  const parentId = given === undefined || given === null ? root : Number(given);
  const out: RecordData = { ...data, [tree.parentField]: parentId };
  let level = 0;
  if (parentId !== root) {
    const parent = (await applyWhere(trx.selectFrom(decl.table).selectAll().where(decl.idField, '=', parentId), decl.where).executeTakeFirst()) as Row | undefined;
    if (!parent) throw invalidValue(tree.parentMissing);
    level = Number(tree.levelField ? parent[tree.levelField] : 0) + 1;
  }
  if (original && parentId !== Number(original[tree.parentField])) {
    const below = subtreeIds(await allNodes(trx, decl, tree), Number(original[decl.idField]), decl.idField, tree.parentField);
    if (below.includes(parentId)) throw invalidValue(tree.cycle);
  }
  if (tree.levelField) out[tree.levelField] = level;
  return out;
}

async function uniqueAmongSiblings(trx: Db, decl: ResourceDecl, tree: TreeDecl, data: RecordData, original: RecordData | undefined) {
  const rule = tree.uniqueAmongSiblings;
  if (!rule) return;
  const value = data[rule.field] ?? original?.[rule.field];
  const parent = data[tree.parentField] ?? original?.[tree.parentField] ?? tree.root ?? 0;
  let q = applyWhere(trx.selectFrom(decl.table).select(decl.idField).where(rule.field, '=', value).where(tree.parentField, '=', parent), decl.where);
  if (original) q = q.where(decl.idField, '!=', original[decl.idField]);
  if (await q.executeTakeFirst()) throw new PortalError(1004, rule.message.replace('{value}', String(value)));
}

/** After a move, each level below follows its new parent. */
async function relevel(trx: Db, decl: ResourceDecl, tree: TreeDecl, id: unknown, level: number) {
  const levelField = tree.levelField as string;
  const children = (await trx.selectFrom(decl.table).select(decl.idField).where(tree.parentField, '=', id).execute()) as Row[];
  if (!children.length) return;
  const ids = children.map((c) => c[decl.idField]);
  await trx.updateTable(decl.table).set({ [levelField]: level + 1 }).where(decl.idField, 'in', ids).execute();
  for (const child of ids) await relevel(trx, decl, tree, child, level + 1);
}

async function guardDelete(trx: Db, decl: ResourceDecl, tree: TreeDecl, records: readonly RecordData[]) {
  const ids = records.map((r) => r[decl.idField]);
  const goingIds = new Set(ids.map(Number));
  // A message may name the refused record: `{title}` is its titleField.
  const refuse = (message: string, id: unknown) => {
    const title = records.find((r) => Number(r[decl.idField]) === Number(id))?.[decl.titleField];
    return new PortalError(1005, message.replace('{title}', String(title ?? '')));
  };
  const children = (await trx.selectFrom(decl.table).select([decl.idField, tree.parentField]).where(tree.parentField, 'in', ids).execute()) as Row[];
  // Deleting a parent together with all its children is fine; a child left behind is not.
  const left = children.find((c) => !goingIds.has(Number(c[decl.idField])));
  if (left) throw refuse(tree.hasChildren, left[tree.parentField]);
  for (const use of tree.inUse ?? []) {
    const hit = (await trx.selectFrom(use.table).select(use.column).where(use.column, 'in', ids).executeTakeFirst()) as Row | undefined;
    if (hit) throw refuse(use.message, hit[use.column]);
  }
}

/** The tree rules as hooks, run after the declaration's and the behaviour file's own (server/crud/entity/attach.ts). */
export function treeHooks(decl: ResourceDecl): Hooks {
  const tree = decl.tree;
  if (!tree) return {};
  const path = treePathHooks(decl);
  return {
    ...path,
    beforeChange: [
      async ({ data, original, ctx }) => {
        const trx = trxOf(ctx);
        const placed = await placeNode(trx, decl, tree, data, original);
        await uniqueAmongSiblings(trx, decl, tree, placed, original);
        return placed;
      },
    ],
    afterChange: [
      ...(path.afterChange ?? []),
      async ({ operation, record, previous, ctx }) => {
        if (operation !== 'update' || !tree.levelField || !previous) return;
        if (Number(record[tree.levelField]) !== Number(previous[tree.levelField])) {
          await relevel(trxOf(ctx), decl, tree, record[decl.idField], Number(record[tree.levelField]));
        }
      },
    ],
    beforeDelete: [async ({ records, ctx }) => guardDelete(trxOf(ctx), decl, tree, records)],
  };
}
