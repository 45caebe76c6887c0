/**
 * The id of `rootId` and of every node below it, from the flat rows of a tree (departments, columns, menus),
 * breadth first. A cycle in the stored data ends the walk instead of looping.
 */
export function subtreeOf<R>(rows: readonly R[], rootId: number, idOf: (row: R) => number, parentOf: (row: R) => number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    const parent = parentOf(r);
    const list = children.get(parent) ?? [];
    list.push(idOf(r));
    children.set(parent, list);
  }
  const out: number[] = [];
  const seen = new Set<number>();
  const queue = [rootId];
  while (queue.length) {
    const id = queue.shift() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * The ids of the given nodes and of every ancestor that places them in the tree (a tree's search result,
 * the columns granted to a user). A cycle in the stored data ends the walk.
 */
export function withAncestors<R>(rows: readonly R[], ids: Iterable<number>, idOf: (row: R) => number, parentOf: (row: R) => number): Set<number> {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  const keep = new Set<number>();
  for (const id of ids) {
    let cur = byId.get(id);
    while (cur !== undefined && !keep.has(idOf(cur))) {
      keep.add(idOf(cur));
      cur = byId.get(parentOf(cur));
    }
  }
  return keep;
}
