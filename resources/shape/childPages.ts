/**
 * A paged read of one record's rows in another table (`childPages` in the declaration; server/crud/childPages.ts):
 * the record named by the request is read in the caller's reach (access, data scope; 1003 otherwise), then its
 * rows — those whose `key` column holds its id — are answered a page at a time, searched by `filters`, in `sort`,
 * with only `fields` (问卷调查's 答卷记录 `/survey/record/list`). A table of rows that are not records of their own.
 */
export interface ChildPageDecl {
  readonly name: string;
  readonly label: string;
  readonly path: string;
  /** The key a caller must hold (default the declaration's list key). */
  readonly permission?: string;
  readonly table: string;
  /** The rows' column holding the record's id. */
  readonly key: string;
  /** The parameters that may name the record, the first given counts (default `[key]`); 1001 naming the first when none is. */
  readonly params?: readonly string[];
  readonly filters?: readonly ChildPageFilterDecl[];
  /** The order, the first entry first (the id last for a stable page). */
  readonly sort: readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
  /** The columns answered: nothing else of a row leaves the server. */
  readonly fields: readonly string[];
  /** The rows' personal values (phone, ID number) answered masked (server/shared/mask.ts). */
  readonly masked?: boolean;
}

export interface ChildPageFilterDecl {
  readonly field: string;
  /** Named in refusals and the request schema. */
  readonly label: string;
  /** `eq`: the value as stored (trimmed); `range`: a time from `params[0]` to `params[1]` (a date alone as the end is that whole day). */
  readonly op: 'eq' | 'range';
  /** The parameter (eq, default the field) or the two (range, default `startTime`, `endTime`). */
  readonly params?: readonly string[];
}
