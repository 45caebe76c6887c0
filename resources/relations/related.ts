// Related records of an entity, kept by calls of their own (issue 19, session 25); served by
// server/crud/related.ts, shown by src/generic/RelatedRecords.tsx.

/**
 * Records of the same entity a record points at, in a relation table (文章's 相关文章 in `article_relevant`:
 * `id`, `from` this record's key, `to` the related record's key, `createTime`). Unlike a link (LinkDecl),
 * they are not part of the record's save: three `api.extra` calls of the declaration, named in `calls`,
 * list them (`{ id }` or `{ <from> }`: the relation's `id`, `from`, `to` and the related record's
 * `fields`), add some (`{ <from>, <to>s }`: an array, a comma list, or `<to>` / `ids`; kept ones stay) and
 * remove one (`{ id }` of the relation). The record is read in the caller's reach (its get: access, data
 * scope, grants; 1003 otherwise); listing needs the get key, adding and removing the update key. The show
 * view lists them in a section with a search by title to add and a confirmed remove.
 */
export interface RelatedDecl {
  readonly label: string;
  readonly table: string;
  readonly from: string;
  readonly to: string;
  /** Names of the declaration's `api.extra` calls that serve the list, the add and the remove. */
  readonly calls: { readonly list: string; readonly add: string; readonly remove: string };
  /** Values of the related record answered with each relation (its enrich hooks' values included). */
  readonly fields: readonly string[];
  /** The show view's columns (fields above) and the field shown beside the title in the add search. */
  readonly columns: readonly string[];
  readonly hint?: string;
  /** Most records one add may name. */
  readonly max: number;
  /** Refusals (1002): too many in one add, the record itself, a related id of no record. */
  readonly messages: { readonly tooMany: string; readonly self: string; readonly missing: string };
  /** The show view's texts: nothing related yet, the remove's question. */
  readonly empty: string;
  readonly confirm: string;
}
