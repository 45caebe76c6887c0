import type { WhereData } from '../behaviour';

/**
 * A citizen's view count (issue 19, session 25; served by server/crud/counterCalls.ts): a public call that
 * adds one to `field` of the record named by the first of `idParams` given (query, then body) among those
 * matching `where` (1003 for any other), in one atomic UPDATE (two visitors at once both count), and answers
 * `{ <idField>, <field> }` as the count stands (文章's `/api/article/hit` over published articles).
 */
export interface CounterCallDecl {
  readonly field: string;
  readonly path: string;
  readonly method?: 'GET' | 'POST';
  readonly where?: WhereData;
  readonly idParams: readonly string[];
}
