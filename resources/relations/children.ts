// Child collections declared on an entity (issue 19, session 24); run by server/crud/children.ts.

/**
 * Rows of another table that belong to one record (论坛主题 → its replies in `theme_reply`): `key` is the
 * child table's column holding the record's id. The get call answers them under `name`, ordered by
 * `orderBy` (then the child's `id`); deleting the record deletes them in the same transaction. Writing the
 * children (a reply, its audit) stays the entity's behaviour: it knows what a child's change does to the
 * parent (counters, states), and changes the parent through the local API.
 */
export interface ChildDecl {
  readonly name: string;
  readonly label: string;
  readonly table: string;
  readonly key: string;
  readonly orderBy?: readonly string[];
  /** The direction of `orderBy` and the id (default 'asc'; 'desc': newest first, 意见征集's opinions). */
  readonly order?: 'asc' | 'desc';
  /** Most rows answered (the first ones in that order). */
  readonly limit?: number;
  /** The rows are citizens' (name, phone…): their personal values answered masked (server/shared/mask.ts). */
  readonly masked?: boolean;
}
