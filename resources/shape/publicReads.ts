import type { WhereData } from '../behaviour';

/**
 * A read of the public site (no login) over the records that are public (issue 19: "which records are
 * public"): served by the generic routes (server/crud/publicReads.ts) as the system, answering only `fields`.
 * - `shape: 'array'`: the records in `sort` order (the first N with `size`);
 * - `shape: 'one'`: the one record the `id` parameter names (query or body), 1003 when it is not public.
 * Its names follow the declared reads of `api.extra` (`reads`, resources/shape/extraReads.ts, session 25).
 */
export interface PublicReadDecl {
  readonly name: string;
  readonly label: string;
  readonly path: string;
  /** The same read at other paths (the spec writes some at the root: 意见征集's `/web/list`). */
  readonly alsoAt?: readonly string[];
  readonly method?: 'GET' | 'POST';
  readonly shape: 'array' | 'one';
  /** The records that are public (`{ status: 1 }`; an array is "one of"). */
  readonly where: WhereData;
  /** The fields answered, in order (a missing value is null). */
  readonly fields: readonly string[];
  /** An array's order (then by id ascending). */
  readonly sort?: readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
  /** An array's N: the parameter naming it, its default and cap; without it the whole array. */
  readonly size?: { readonly param: string; readonly default: number; readonly max: number };
}
