/**
 * A list export's `responses` (ListExportDecl; server/crud/responses/sheets.ts): with one of `params` naming a
 * record, the export is that record's responses instead of the list — a sheet of the results (the record's
 * title and count above; per question its choices' counts and percents, a text question's count of texts) and a
 * sheet of the responses (the `columns`, then one column per question with its answer). Needs `responses`
 * with its `results` call on the declaration.
 */
export interface ResponsesExportDecl {
  /** The parameters that may name the record, the first given counts (1002 `<param>必须是整数` for a non-integer). */
  readonly params: readonly string[];
  /** The file's name, `{field}` the record's value (40 characters at most); `.xlsx` added. */
  readonly fileName: string;
  /** The results sheet: its name, the count's and percent's headers; the text question's line says `（<文本>答案）`. */
  readonly results: { readonly sheet: string; readonly no: string; readonly count: string; readonly percent: string };
  /** The responses sheet: its name and the response's columns before the questions'. */
  readonly records: { readonly sheet: string; readonly columns: readonly { readonly field: string; readonly header: string; readonly width?: number }[] };
}
