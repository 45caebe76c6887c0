/**
 * Hand-set order of records (issue 19, session 25; served by server/crud/ordering.ts): a number field the
 * records are shown by, within groups of equal `within` values (文章's `sort` within its column).
 * - `set`: `{ <idField>, sort }` (or `id`), or `{ list: [{ <idField>, sort }] }` for several; an integer
 *   from `min` to `max` or 1002 `invalid`; answers how many were set, with `success`.
 * - `up`: `{ <idField> }` (or `id`) moves the record one place up in its group's order `by` (swapping values
 *   with the one above; on a tie it goes one above it); the first answers 1005 `first`.
 * Each record is read in the caller's reach (1003 otherwise) and written through the local API as the
 * system with the ORDER_ONLY intent (server/crud/ordering.ts), so its hooks can tell an order change from an edit.
 */
export interface OrderingDecl {
  readonly field: string;
  readonly within: string;
  readonly by: readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
  readonly min: number;
  readonly max: number;
  readonly permission: string;
  readonly set: { readonly path: string; readonly success: string; readonly invalid: string };
  readonly up: { readonly path: string; readonly success: string; readonly first: string };
}
