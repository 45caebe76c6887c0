/**
 * `api.extra.<name>.files` (part of resources/types.ts, split for size; docs/extending.md "Session 27: 报送 and
 * 栏目"): a GET call answering the files below a folder of the data directory, as paths relative to it with `/`,
 * sorted — what a field's `choicesFrom` offers (栏目's list and content templates, `/column/tem/list`). Behind
 * the declaration's list key; hidden entries and links are skipped.
 */
export interface FilesCallDecl {
  /** The folder below the data directory (`templates`); a missing one answers `[]`. */
  readonly folder: string;
  /** The file name endings taken, without the dot, in any case (`['html', 'htm', 'liquid']`). */
  readonly ext: readonly string[];
  /** How deep below the folder (default 4) and how many files at most (default 2000). */
  readonly depth?: number;
  readonly max?: number;
}
