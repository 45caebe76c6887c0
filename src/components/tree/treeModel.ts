/** A node of the shared trees (departments, menus, grant trees): string ids, as MUI's tree view wants. */
export interface TreeNode {
  id: string;
  label: string;
  children?: TreeNode[];
  /** Anything the screen wants back (the record). */
  data?: unknown;
}

/** Maps any nested records (`children`) to tree nodes. */
export function toTreeNodes<T extends { children?: T[] }>(rows: readonly T[], id: (r: T) => string, label: (r: T) => string): TreeNode[] {
  return rows.map((r) => ({ id: id(r), label: label(r), data: r, children: r.children?.length ? toTreeNodes(r.children, id, label) : undefined }));
}

export function walk(nodes: readonly TreeNode[], visit: (node: TreeNode, parent: TreeNode | null) => void, parent: TreeNode | null = null): void {
  for (const n of nodes) {
    visit(n, parent);
    if (n.children) walk(n.children, visit, n);
  }
}

export function allIds(nodes: readonly TreeNode[]): string[] {
  const out: string[] = [];
  walk(nodes, (n) => out.push(n.id));
  return out;
}

/**
 * The nodes to open at first in a large checkbox tree: every node with a child that has children of its own,
 * so the last level (a menu's buttons) stays closed until asked for. A grant tree of 430 items opened whole
 * cost 2.5 s of rendering; the menus alone show what a role holds (half-checked where some buttons are).
 */
export function branchIds(nodes: readonly TreeNode[]): string[] {
  const out: string[] = [];
  walk(nodes, (n) => {
    if (n.children?.some((c) => c.children?.length)) out.push(n.id);
  });
  return out;
}

/** Parent of every node id. */
export function parentMap(nodes: readonly TreeNode[]): Map<string, string | null> {
  const out = new Map<string, string | null>();
  walk(nodes, (n, p) => out.set(n.id, p?.id ?? null));
  return out;
}

/** The ids plus all their ancestors: what a grant must hold for a checked leaf to show in a menu. */
export function withAncestors(nodes: readonly TreeNode[], ids: Iterable<string>): string[] {
  const parents = parentMap(nodes);
  const out = new Set<string>();
  for (const id of ids) {
    let cur: string | null | undefined = id;
    while (cur && !out.has(cur)) {
      out.add(cur);
      cur = parents.get(cur);
    }
  }
  return [...out];
}

/**
 * What the checkbox tree shows for a set of granted ids: a node with children counts as checked when every
 * node below it is granted (else it shows half-checked through its checked children).
 */
export function checkedForDisplay(nodes: readonly TreeNode[], granted: Iterable<string>): string[] {
  const set = new Set(granted);
  const out: string[] = [];
  const anyBelow = (n: TreeNode): boolean => (n.children ?? []).some((c) => set.has(c.id) || anyBelow(c));
  const full = (n: TreeNode): boolean => {
    const kids = n.children ?? [];
    const kidsFull = kids.map(full).every(Boolean);
    // A granted entry none of whose children is granted (a catalogue granted alone) stays checked too,
    // so saving the dialog unchanged keeps every grant.
    const mine = set.has(n.id) && (kidsFull || !anyBelow(n));
    if (mine) out.push(n.id);
    return mine;
  };
  nodes.forEach(full);
  return out;
}

/** The node with that id, or undefined. */
export function findNode(nodes: readonly TreeNode[], id: string): TreeNode | undefined {
  let found: TreeNode | undefined;
  walk(nodes, (n) => {
    if (!found && n.id === id) found = n;
  });
  return found;
}
