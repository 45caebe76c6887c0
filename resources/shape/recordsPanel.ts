import type { FieldDecl } from './fields';

/**
 * A small table of records that are not a declared entity (a settings table of a module), shown under the
 * generic list and edited in a dialog (`listRecords` on a declaration; `src/generic/RecordsPanel.tsx`).
 * 密码规则's 密码类型: the character classes in `password_type`.
 */
export interface RecordsPanelDecl {
  /** The heading, the table's accessible name and the dialog's title (新增<label> / 编辑<label>). */
  readonly label: string;
  /** `data-testid` of the block and of each row. */
  readonly testId?: string;
  readonly rowTestId?: string;
  /** A line under the heading. */
  readonly note?: string;
  /** The `api.extra` call of the declaration answering every record (an array). */
  readonly list: string;
  /** The dialog's fields, checked by their rules as they are typed (as the server checks them). */
  readonly fields: readonly FieldDecl[];
  /** The table's columns; `code` shows the value in monospace. */
  readonly columns: readonly { readonly field: string; readonly label: string; readonly code?: boolean }[];
  /** The empty table's text (default 暂无数据). */
  readonly empty?: string;
  /**
   * The declared action that saves one record (`{ id?, ...fields }`): its key shows 编辑 and the add button
   * (`add`), its `success` is said; `max` disables adding at that many records, with `maxText` as the hint.
   */
  readonly save: { readonly action: string; readonly add: string; readonly max?: number; readonly maxText?: string };
  /** A declared action over the whole table (恢复默认): asked with its `confirm`, its answer is the new records. */
  readonly reset?: { readonly action: string; readonly label: string };
  /**
   * The generic routes serve the table (server/crud/recordTables.ts) when this names it: the `list` call, the
   * `get` call, the `save` action and the `reset` action, checked by `fields` (session 27).
   */
  readonly serve?: RecordTableServeDecl;
}

/** How the generic routes serve a `listRecords` table (docs/extending.md "Session 27: system"). */
export interface RecordTableServeDecl {
  readonly table: string;
  /** The `api.extra` call answering one record by `id` (the get key). */
  readonly get?: string;
  /** A column set to the save's time. */
  readonly stamp?: string;
  /** Fields whose value is itself a regular expression: 1002 `<label>不是有效的正则表达式` when it does not compile. */
  readonly regex?: readonly string[];
  /** The rows `reset` writes, each with `values` added; an empty table gets them at the first start too. */
  readonly defaults?: { readonly rows: readonly Readonly<Record<string, string | number>>[]; readonly values?: Readonly<Record<string, string | number>> };
}
