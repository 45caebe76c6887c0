import type { WhereData } from '../behaviour';

/**
 * Calls of a child collection's own rows (issue 19, session 25 second round; served by server/crud/childCalls.ts):
 * 领导信箱's handling records (`/mailForum/list|listByMailid|get|del|dels`). A row is reached only when its
 * record is in the caller's reach for `get` (1003 otherwise, as for a row that does not exist).
 */
export interface ChildCallsDecl {
  /** The record's id parameters of the list calls, the first given wins (`['id', 'mailId']`). */
  readonly parentParams: readonly string[];
  /** The key of the reads (list, all, get) and of the deletes. */
  readonly permissions: { readonly read: string; readonly delete?: string };
  /** The record's rows, paged (`pageNum`, `pageSize`), in the collection's order. */
  readonly list?: string;
  /** The record's rows, all of them, as an array. */
  readonly all?: string;
  /** One row by its `id`. */
  readonly get?: string;
  /**
   * One row by its `id` at other paths, each reaching only rows whose record also matches `where` (1003
   * otherwise): the spec's per-channel copies (论坛主题's `/ll/theme/reply/get` over 领导留言 and forum topics).
   */
  readonly getAt?: readonly { readonly path: string; readonly where: WhereData }[];
  /** One row by its `id` (query or body), or several by `ids`: answers null with 删除成功. */
  readonly delete?: string;
  readonly deletes?: string;
}
