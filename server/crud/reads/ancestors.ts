import type { ResourceDecl } from '../../../resources/types.js';
import type { Row } from '../../db/types.js';
import { withAncestors } from '../../shared/subtree.js';

/**
 * A read's `ancestors` (resources/shape/reads.ts): of every record `all` (the read's order), the `found` ones
 * and the ancestors placing them in the tree, each with `flag` — true for a found record, false for an ancestor.
 */
export function flaggedWithAncestors(decl: ResourceDecl, flag: string, all: readonly Row[], found: readonly Row[]): Row[] {
  const parent = decl.tree?.parentField;
  if (!parent) throw new Error(`${decl.name}: a read's ancestors need a declared tree`);
  const id = (r: Row) => Number(r[decl.idField]);
  const ids = new Set(found.map(id));
  const keep = withAncestors(all, ids, id, (r) => Number(r[parent]));
  return all.filter((r) => keep.has(id(r))).map((r) => ({ ...r, [flag]: ids.has(id(r)) }));
}
