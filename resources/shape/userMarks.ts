/**
 * A caller's own mark on records (read, seen, starred), one row per record and user in a table of its own
 * (`key` the record's id, `user` the caller's id, `at` when he marked it; the module's migration creates it),
 * set on one call (server/crud/marks.ts): the records named — a list under `ids` (an array or a comma
 * list), else one id under the first of `id` given — must all be ones the caller's list reaches with the
 * search values `search` (access, data scope, grants and the `listWhere` hooks), else 1003; each is marked
 * once (marking again keeps the first time); the call answers null with `success`. A deleted record's
 * marks go with it (a beforeDelete hook). 通知's 标记已读
 * (`/notice/read`, `notice_read`: only notices addressed to the caller).
 */
export interface UserMarkDecl {
  readonly name: string;
  readonly label: string;
  readonly path: string;
  readonly permission: string;
  readonly table: string;
  readonly key: string;
  readonly user: string;
  readonly at: string;
  readonly ids: string;
  readonly id: readonly string[];
  readonly search?: Readonly<Record<string, unknown>>;
  readonly success: string;
}
