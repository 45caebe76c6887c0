import type { WhereData } from '../behaviour';

// A `one` read's detail (issue 19, session 27): values of other records answered with the one record, served by
// server/crud/reads/detail.ts. Each value is added to the record before the read's `fields` pick, so `fields`
// names them where they belong in the answer (文章's public detail: `/api/article/view`, `webView`).

/**
 * What a `one` read adds to its record. `hooks`: the behaviour's `readDetail` hooks add values read elsewhere
 * (文章's model values, labelled); `related`: the records the declaration's `related` relation points at;
 * `neighbours`: the records before and after it in the read's order.
 */
export interface ReadDetailDecl {
  readonly hooks?: boolean;
  /**
   * Under `name`, the records the record points at through the declaration's `related` (in the relation's
   * order), among those matching `where` (published ones: the caller's reach is not asked, as for the record
   * itself on a public read), each as the list reads it (enrich hooks), with only `fields`.
   */
  readonly related?: { readonly name: string; readonly where?: WhereData; readonly fields: readonly string[] };
  /**
   * Under `prev` and `next`, the records just before and after it among those the read reaches (its `where`,
   * the caller's reach) with the same value of `within`, in the read's `sort` (then by id): only `fields`,
   * null at either end (文章's previous and next article of its column).
   */
  readonly neighbours?: { readonly within: string; readonly prev: string; readonly next: string; readonly fields: readonly string[] };
}
