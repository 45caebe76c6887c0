import type { WhereData } from '../behaviour';

/**
 * A line of a record's Word file: a field (its label, its value — an enum's label), a line of its own
 * (`value` a template: `{field}` the value, an enum's label; `{field?text}` the text when the field is set and
 * not 0), or lines shown only for records in a state (`when`, `rows`).
 */
export type RecordWordRow =
  | string
  | { readonly label: string; readonly value: string }
  | { readonly when: WhereData; readonly rows: readonly RecordWordRow[] };

/** A part of the file: its heading (the first a title, the others a sub-title) and its two-column table. */
export interface RecordWordSection {
  readonly heading: string;
  readonly rows: readonly RecordWordRow[];
}

/**
 * An action that answers one record as a Word file (server/crud/recordWord.ts): `{ id }` read in the
 * caller's reach (1003 otherwise), personal values masked as in lists, a 项目/内容 table per section.
 * `fileName` and `title` (the document's title) are templates; `.docx` is added. 依申请公开's 下载申请表 / 导出Word.
 */
export interface RecordWordDecl {
  readonly fileName: string;
  readonly title: string;
  readonly sections: readonly RecordWordSection[];
}
