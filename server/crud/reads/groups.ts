import type { FastifyRequest } from 'fastify';
import type { GroupsReadDecl } from '../../../resources/shape/groupsRead.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { Row } from '../../db/types.js';
import { isBlank, requireString } from '../../http/params.js';

/**
 * The `groups` read shape (resources/shape/groupsRead.ts): a self-parented table's top-level records as groups
 * of their nested descendants, for any entity (a declared `tree` or not).
 */

/**
 * The records under `rootId`, nested by their `parent` field (in `rows`' order); each node answered by `shape`,
 * with `children` only when it has any. A cycle in stored data never loops.
 */
export function nestUnder(rows: readonly Row[], decl: ResourceDecl, parent: string, rootId: unknown, shape: (r: Row) => Row = (r) => r): Row[] {
  const byParent = new Map<string, Row[]>();
  for (const r of rows) byParent.set(String(r[parent] ?? 0), [...(byParent.get(String(r[parent] ?? 0)) ?? []), r]);
  const seen = new Set<string>();
  const build = (id: unknown): Row[] =>
    (byParent.get(String(id)) ?? [])
      .filter((r) => !seen.has(String(r[decl.idField])) && seen.add(String(r[decl.idField])))
      .map((r) => {
        const children = build(r[decl.idField]);
        return children.length ? { ...shape(r), children } : shape(r);
      });
  return build(rootId);
}

const isTop = (r: Row, parent: string) => r[parent] === null || r[parent] === undefined || Number(r[parent]) === 0;

/**
 * What a `groups` read answers from the records it found (sorted, filtered by `where` / `except`), each node
 * as `shape` answers it: every group as key → nested descendants, or (with `param`) the named group's.
 */
export function answerGroups(decl: ResourceDecl, groups: GroupsReadDecl, rows: readonly Row[], request: FastifyRequest, shape: (r: Row) => Row): unknown {
  const tops = rows.filter((r) => isTop(r, groups.parent));
  const tree = (top: Row) => nestUnder(rows, decl, groups.parent, top[decl.idField], shape);
  if (groups.param) {
    const name = requireString(request, groups.param);
    const top = tops.find((r) => String(r[groups.key]) === name);
    return top ? tree(top) : [];
  }
  return Object.fromEntries(tops.map((top) => [String(top[groups.key]), tree(top)]));
}

/**
 * A `tree` read's `roots`: one root per option of the enum field (those the search asks for), each with the
 * records of its value nested by `nest` (menu's `/resource/base/tree`: one root per app).
 */
export function rootsByOption(decl: ResourceDecl, roots: { readonly field: string; readonly label: string }, rows: readonly Row[], search: Row, nest: (rows: readonly Row[]) => Row[]): Row[] {
  const asked = search[roots.field];
  return (decl.fields.find((f) => f.name === roots.field)?.options ?? [])
    .filter((o) => isBlank(asked) || String(o.value) === String(asked).trim())
    .map((o) => ({ [roots.field]: o.value, [roots.label]: o.label, children: nest(rows.filter((r) => String(r[roots.field]) === String(o.value))) }));
}
