// Child collections declared on an entity (issue 19, session 24); run by server/crud/children.ts.
import type { ChildCallsDecl } from './childCalls';
import type { ChildFormDecl } from './childForm';
import type { ChildRowCallsDecl } from './childRowCalls';

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
  /** Most rows answered (the first ones in that order; meant for a collection read under one record). */
  readonly limit?: number;
  /** The rows are citizens' (name, phone…): their personal values answered masked (server/shared/mask.ts). */
  readonly masked?: boolean;
  /** The columns answered, in order (default every column). */
  readonly fields?: readonly string[];
  /** An enum column answered with its label too: `{ field: 'type', as: 'typeName', options: { 0: '单选' } }`. */
  readonly labelOf?: { readonly field: string; readonly as: string; readonly options: Readonly<Record<string, string>> };
  /** Several enum columns answered with their labels too ('' for none): 文章's history, `fromStatus` and `toStatus`. */
  readonly labelsOf?: readonly { readonly field: string; readonly as: string; readonly options: Readonly<Record<string, string>> }[];
  /**
   * Rows under each child row (问卷 → 题目 → 选项): answered inside it under their `name`, deleted with it;
   * their `key` holds the child row's id, their `rootKey` (if any) the record's id as well.
   */
  readonly children?: readonly ChildDecl[];
  readonly rootKey?: string;
  /** Calls of the rows themselves: list, all, get, delete (see ChildCallsDecl). */
  readonly calls?: ChildCallsDecl;
  /** Edited inside the record's form (see ChildFormDecl). */
  readonly form?: ChildFormDecl;
  /** The child table's own key column (default `id`; 自定义模型's fields: `fieldId`). */
  readonly idField?: string;
  /** Columns holding a JSON list as text: answered as the list (each item as text), [] when blank or no list. */
  readonly lists?: readonly string[];
  /** Answered with the record on every read — lists, declared reads, the get, a save's answer — not on the get alone. */
  readonly everyRead?: boolean;
  /** Calls writing the rows one at a time (see ChildRowCallsDecl). */
  readonly rowCalls?: ChildRowCallsDecl;
}

/** The child table's key column. */
export const childIdField = (child: ChildDecl) => child.idField ?? 'id';
