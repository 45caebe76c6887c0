import type { ResourceDecl } from '../../resources/types.js';
import { applyScope, scopeRule } from '../auth/dataScope.js';
// Tables of declarations are named at run time: the deliberately untyped handle (server/db/types.ts).
import type { DynamicDb as Db, Row } from '../db/types.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { applyWhere, readOut, recordsWhere } from './behaviour.js';
import { applyFilters } from './listQuery.js';

export interface TreeNode extends Row {
  children: TreeNode[];
}

/** Nests records by the tree's parent field; a record whose parent is not among them is a root. Siblings by the default sort and `thenBy`, then id. */
export function nestRecords(decl: ResourceDecl, rows: readonly Row[]): TreeNode[] {
  const tree = decl.tree;
  if (!tree) throw new Error(`${decl.name} declares no tree`);
  const nodes = new Map<number, TreeNode>();
  for (const r of rows) nodes.set(Number(r[decl.idField]), { ...r, children: [] });
  const roots: TreeNode[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(Number(n[tree.parentField]));
    (parent && parent !== n ? parent.children : roots).push(n);
  }
  const first = decl.list.defaultSort;
  const sorts = [first, ...(decl.list.thenBy?.(first) ?? [])];
  const compare = (a: TreeNode, b: TreeNode) => {
    for (const { field, order } of sorts) {
      const d = (order === 'DESC' ? -1 : 1) * (Number(a[field] ?? 0) - Number(b[field] ?? 0));
      if (d) return d;
    }
    return Number(a[decl.idField]) - Number(b[decl.idField]);
  };
  const sortAll = (list: TreeNode[]) => {
    list.sort(compare);
    list.forEach((n) => sortAll(n.children));
  };
  sortAll(roots);
  return roots;
}

/**
 * The `shape: 'tree'` list: every record the caller reaches, nested. A search (the declared filters) keeps
 * the matching records and their ancestors, so each match shows where it hangs.
 */
export async function listTree(db: Db, decl: ResourceDecl, user: PortalUser, search: Record<string, unknown>): Promise<TreeNode[]> {
  const tree = decl.tree;
  if (!tree) throw new Error(`${decl.name} declares no tree`);
  const where = await recordsWhere(decl, 'list', user, db);
  const rule = await scopeRule(db, user, decl);
  const reach = () => applyScope(applyWhere(db.selectFrom(decl.table), where), rule);
  const rows = (await reach().selectAll().execute()) as Row[];
  const matching = new Set(((await applyFilters(reach(), decl, search).select(decl.idField).execute()) as Row[]).map((r) => Number(r[decl.idField])));
  let kept = rows;
  if (matching.size !== rows.length) {
    const byId = new Map(rows.map((r) => [Number(r[decl.idField]), r]));
    const keep = new Set<number>();
    for (const id of matching) {
      let cur = byId.get(id);
      while (cur && !keep.has(Number(cur[decl.idField]))) {
        keep.add(Number(cur[decl.idField]));
        cur = byId.get(Number(cur[tree.parentField]));
      }
    }
    kept = rows.filter((r) => keep.has(Number(r[decl.idField])));
  }
  return nestRecords(decl, kept.map((r) => readOut(decl, user, r)));
}
