// A count kept on another entity's record (session 27, 论坛主题 counted in its plate's 主题数); run by server/crud/countedIn.ts.

/**
 * This entity's records counted in a number field of the record each one names: after a create, a delete,
 * or an update that changes `key`, the named record's `field` becomes the number of this entity's records
 * naming it (recounted, not added to: a count that was off comes right), in the operation's transaction.
 * Like a counter, the count is written to its column directly (no hooks of the counting entity run).
 */
export interface CountedInDecl {
  /** This entity's field naming the counting record (a reference field). */
  readonly key: string;
  /** The counting entity (default: the key field's `reference`). */
  readonly entity?: string;
  /** Its number field holding the count (论坛版块's `themeCount`). */
  readonly field: string;
}
