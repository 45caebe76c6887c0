/**
 * A record's preview dialog (issue 19, session 25; src/generic/RecordPreview.tsx): what a reviewer reads
 * before acting — a few values in a row of labels, the rich-text body in the sandboxed viewer and some of
 * the declared `showTables`, with buttons the opening screen adds. Read by the declared get call.
 * `meta[].value` is a template: `{field}` is the record's value (— when blank); a part in `[…]` is left out
 * when a field in it is blank (`{creatorName}[（{deptName}）]`).
 */
export interface PreviewDecl {
  readonly meta: readonly { readonly label: string; readonly value: string }[];
  /** The rich-text field shown, and the viewer frame's title. */
  readonly body?: string;
  readonly bodyTitle?: string;
  /** Sources of the declaration's `showTables` shown under the body. */
  readonly tables?: readonly string[];
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A meta template filled from a record (pure: tests/unit/src/generic-recordPreview.test.ts). */
export function fillPreviewTemplate(template: string, record: Readonly<Record<string, unknown>>): string {
  const fill = (part: string) => part.replace(/\{(\w+)\}/g, (_m, f: string) => (blank(record[f]) ? '—' : String(record[f])));
  const optional = template.replace(/\[([^\]]*)\]/g, (_m, part: string) => ([...part.matchAll(/\{(\w+)\}/g)].some((m) => blank(record[m[1] as string])) ? '' : part));
  return fill(optional);
}
