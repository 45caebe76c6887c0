import type { FieldDecl, ResourceDecl } from '../../resources/types';
import { toTreeNodes, type TreeNode } from '../components/tree/treeModel';
import type { Row } from './plainTypes';

// Pure parts of the generic tree view (TreeList.tsx): labels, search, parent choices, new-node defaults.

/** A nested record as the tree calls answer it. */
export type TreeRow = Row & { children?: TreeRow[] };

const fieldOf = (decl: ResourceDecl, name: string): FieldDecl | undefined => decl.fields.find((f) => f.name === name);

/** A node's label: the declared title field, then (a tree with `kinds`) its kind's label in （）, e.g. 系统管理（目录）. */
export function nodeLabel(decl: ResourceDecl, row: Row): string {
  const title = String(row[decl.titleField] ?? row[decl.idField] ?? '');
  const kindField = decl.tree?.kinds?.field;
  const option = kindField ? fieldOf(decl, kindField)?.options?.find((o) => String(o.value) === String(row[kindField])) : undefined;
  return option ? `${title}（${option.label}）` : title;
}

/** Expanded at first: every node of a small tree, else the top level only. */
export function initiallyExpanded(decl: ResourceDecl, rows: readonly TreeRow[]): string[] | undefined {
  return flatten(rows).length <= 50 ? undefined : rows.map((r) => String(r[decl.idField]));
}

export function toNodes(decl: ResourceDecl, rows: readonly TreeRow[]): TreeNode[] {
  return toTreeNodes(rows, (r) => String(r[decl.idField]), (r) => nodeLabel(decl, r));
}

/** The list's always-on filters: the tree view's search (the others belong to a table). */
export function treeFilters(decl: ResourceDecl) {
  return (decl.list.filters ?? []).filter((f) => f.alwaysOn);
}

/** Initial search: an options-only filter starts on its first option (one app's menu at a time). */
export function initialSearch(decl: ResourceDecl): Row {
  const out: Row = {};
  for (const f of treeFilters(decl)) {
    const options = fieldOf(decl, f.field)?.options;
    const first = options?.[0];
    if (f.onlyOptions && first) out[f.field] = first.value;
  }
  return out;
}

function matches(decl: ResourceDecl, row: Row, search: Row): boolean {
  return treeFilters(decl).every((f) => {
    const want = search[f.field];
    if (want === undefined || want === null || want === '') return true;
    const fields = [f.field, ...(f.orFields ?? [])];
    if (f.op === 'like') return fields.some((n) => String(row[n] ?? '').includes(String(want)));
    return String(row[f.field]) === String(want);
  });
}

/** Client-side search for a tree call that takes no filters: the matches and their ancestors, as the server's listTree. */
export function searchTree(decl: ResourceDecl, rows: readonly TreeRow[], search: Row): TreeRow[] {
  const out: TreeRow[] = [];
  for (const r of rows) {
    const children = searchTree(decl, r.children ?? [], search);
    if (children.length || matches(decl, r, search)) out.push({ ...r, children });
  }
  return out;
}

/** Every record of the tree with its depth, in tree order. */
export function flatten(rows: readonly TreeRow[], depth = 0, out: (TreeRow & { depth: number })[] = []): (TreeRow & { depth: number })[] {
  for (const r of rows) {
    out.push({ ...r, depth });
    flatten(r.children ?? [], depth + 1, out);
  }
  return out;
}

/** Whether a record of this kind may have children (TreeDecl `kinds`). */
export function mayHaveChildren(decl: ResourceDecl, row: Row): boolean {
  const kinds = decl.tree?.kinds;
  return !kinds || String(row[kinds.field]) in kinds.childOf;
}

/** Parent choices: every node but the record itself and its subtree, and no node that may not have children. */
export function parentChoices(decl: ResourceDecl, rows: readonly TreeRow[], selfId: string | null, depth = 0): { id: string; label: string; depth: number }[] {
  const out: { id: string; label: string; depth: number }[] = [];
  for (const r of rows) {
    const id = String(r[decl.idField]);
    if (id === selfId || !mayHaveChildren(decl, r)) continue;
    out.push({ id, label: String(r[decl.titleField] ?? id), depth });
    out.push(...parentChoices(decl, r.children ?? [], selfId, depth + 1));
  }
  return out;
}

/** A new node's form: the fields' defaults, the parent, its kind and the tree's current filter values. */
export function newNodeValues(decl: ResourceDecl, parent: Row | null, search: Row): Row {
  const tree = decl.tree;
  const out: Row = {};
  for (const f of decl.fields) if (f.default !== undefined && !f.readOnly) out[f.name] = f.default;
  for (const f of treeFilters(decl)) if (f.op === 'eq' && search[f.field] !== undefined && search[f.field] !== '') out[f.field] = search[f.field];
  if (tree) out[tree.parentField] = parent ? parent[decl.idField] : (tree.root ?? 0);
  const kinds = tree?.kinds;
  if (kinds) out[kinds.field] = parent ? kinds.childOf[String(parent[kinds.field])] : kinds.top;
  return out;
}

/** Where the tree comes from: the list call when it answers the tree shape, else the declared `tree` call. */
export function treeSource(decl: ResourceDecl): 'list' | 'extra' | null {
  if (!decl.tree) return null;
  if (decl.api.list.shape === 'tree') return 'list';
  return decl.api.extra?.tree ? 'extra' : null;
}

/** The record of a tree by id, or undefined. */
export function findRow(decl: ResourceDecl, rows: readonly TreeRow[], id: string): TreeRow | undefined {
  for (const r of rows) {
    if (String(r[decl.idField]) === id) return r;
    const hit = findRow(decl, r.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
}

/** The top-level create button: 新增 and the top kind (新增目录), else 新增顶级 and the entity (新增顶级部门). */
export function topLabel(decl: ResourceDecl): string {
  const kinds = decl.tree?.kinds;
  const top = kinds ? fieldOf(decl, kinds.field)?.options?.find((o) => String(o.value) === kinds.top) : undefined;
  return top ? `新增${top.label}` : `新增顶级${decl.label.replace(/管理$/, '')}`;
}

/**
 * Flat rows (a `parentField` on each) as nested rows; rows already nested are kept as they are. A row
 * whose parent is not among them is a top node (the caller's columns without their hidden ancestors).
 */
export function nestRows(rows: readonly TreeRow[], idField: string, parentField: string | undefined): TreeRow[] {
  if (!parentField || rows.some((r) => Array.isArray(r.children) && r.children.length > 0)) return [...rows];
  const byId = new Map<string, TreeRow>(rows.map((r) => [String(r[idField]), { ...r, children: [] as TreeRow[] }]));
  const top: TreeRow[] = [];
  for (const row of byId.values()) {
    const parent = byId.get(String(row[parentField]));
    if (parent && parent !== row) parent.children?.push(row);
    else top.push(row);
  }
  return top;
}
