import type { WhereData } from '../behaviour';

/**
 * A read of the public site (no login) over the records that are public (issue 19: "which records are
 * public"): served by the generic routes (server/crud/publicReads.ts) as the system, answering only `fields`.
 * - `kind: 'list'`: the first `size` records (the `size` parameter, default and most) in `sort` order, as an array;
 * - `kind: 'get'`: the one record the `id` parameter names (query or body), 1003 when it is not public.
 */
export interface PublicReadDecl {
  readonly name: string;
  readonly label: string;
  readonly path: string;
  /** The same read at other paths (the spec writes some at the root: 意见征集's `/web/list`). */
  readonly alsoAt?: readonly string[];
  readonly method?: 'GET' | 'POST';
  readonly kind: 'list' | 'get';
  /** The records that are public (`{ status: 1 }`; an array is "one of"). */
  readonly where: WhereData;
  /** The fields answered, in order (a missing value is null). */
  readonly fields: readonly string[];
  /** A list's order (then by id ascending). */
  readonly sort?: readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
  /** A list's `size`: when not sent, and the most answered (default 10 and 50). */
  readonly size?: { readonly fallback: number; readonly max: number };
}
