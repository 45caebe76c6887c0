// Relations between records declared on an entity (issue 19): trees; read by server/crud/tree.ts.
/**
 * A tree by `parentField` (the parent's key; `root`, default 0, at the top), run on the generic routes
 * (server/crud/tree.ts): a save names an existing parent (else 1002 `parentMissing`), never the record
 * itself nor one of its descendants (1002 `cycle`); `levelField` is 0 at the top and the parent's + 1, and
 * a moved record's subtree follows; `uniqueAmongSiblings` refuses a second sibling of the same value
 * (1004, `{value}` in the message); a delete is refused while children exist (1005 `hasChildren`) or while
 * a row of `inUse` tables points at the record (1005 with that entry's message). In those two messages
 * `{title}` is the refused record's title (its titleField): `栏目“{title}”下有子栏目，不能删除`.
 */
export interface TreeDecl {
  readonly parentField: string;
  readonly root?: number;
  readonly levelField?: string;
  readonly parentMissing: string;
  readonly cycle: string;
  readonly hasChildren: string;
  readonly uniqueAmongSiblings?: { readonly field: string; readonly message: string };
  readonly inUse?: readonly { readonly table: string; readonly column: string; readonly message: string }[];
  /**
   * A column kept as the record's path of ids from the top (`/3/12`: the parent's path, then the id),
   * written on create and after a move for the whole subtree (server/crud/treePath.ts). 栏目's columnPath.
   */
  readonly pathField?: string;
  /**
   * For the admin's tree view only (src/generic/TreeList.tsx): the kind a new node takes by an enum field,
   * `top` at the top and `childOf[parent's kind]` under a parent; a kind absent from `childOf` has no
   * children (no 新增下级, never offered as a parent). The server's own placement rules still decide.
   */
  readonly kinds?: { readonly field: string; readonly top: string; readonly childOf: Readonly<Record<string, string>> };
}
