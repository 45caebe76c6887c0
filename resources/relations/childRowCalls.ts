/**
 * Calls writing a child collection's rows one at a time (issue 19, session 27; served by
 * server/crud/childRowCalls.ts): 自定义模型's fields (`/api/contentModel/saveForm|updateForm|deleteForm`,
 * `/{filedId}/getFromById`). The record of a row must be in the caller's reach (1003 otherwise, as for a row
 * that does not exist). What a row's values must be is the behaviour's (`childRows` hooks in the behaviour
 * file): the generic calls read the keys, check `unique` and `createOnly`, write and answer the row as the
 * record's get answers it.
 */
export interface ChildRowCallsDecl {
  /** `read`: the get call; `write`: add, update, remove. */
  readonly permissions: { readonly read: string; readonly write: string };
  /** The record's id in the add call (query or body): the first given wins (1001 naming the first when none). */
  readonly parentParams: readonly string[];
  /** The row's id in the update and remove calls, the first given wins (default the child's `idField`). */
  readonly idParams?: readonly string[];
  /** One row, a GET whose path holds its id: `/api/contentModel/{filedId}/getFromById` (1002 参数格式不正确：filedId). */
  readonly get?: string;
  /** A new row of the record the parentParams name; answers it with `messages.added` (default 新增成功). */
  readonly add?: string;
  /** Changes one row (the values sent); answers it with `messages.updated` (default 修改成功). */
  readonly update?: string;
  /** One row by the first idParam, or several by `ids` (all or nothing); answers how many, `messages.removed` (default 删除成功). */
  readonly remove?: string;
  readonly messages?: { readonly added?: string; readonly updated?: string; readonly removed?: string };
  /** No two rows of one record hold the same value: 1004 `<label>已存在：<value>`. */
  readonly unique?: readonly ChildRowField[];
  /** Kept from the row's creation: another value is 1005 `<label>保存后不能修改`, the same one is dropped. */
  readonly createOnly?: readonly ChildRowField[];
  /**
   * A new record's body may bring its first rows under the collection's name (an array; none otherwise): each
   * checked and written as the add call does, after the record, in order; `unique` among the sent rows too.
   */
  readonly withRecord?: boolean;
  /** What the add and update calls read, for their request schemas: `[kind, description]` as server/http/routeInput.ts. */
  readonly inputs?: Readonly<Record<string, readonly ['integer' | 'string' | 'text' | 'any', string]>>;
}

export interface ChildRowField {
  readonly field: string;
  readonly label: string;
}
