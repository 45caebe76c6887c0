import type { WhereData } from '../behaviour';

/**
 * More of an action's call (part of ActionCallDecl, split for size; session 25): a path chosen by the
 * record, the input dialog's start, what it sends and the question it asks after it. 论坛主题's steps use
 * each of them (resources/theme.ts).
 */
export interface ActionCallMore {
  /**
   * For records in these states the UI calls `at` instead (one of this declaration's action paths or their
   * `alsoAt` copies; another path is ignored), with `values` added: 县长信箱's themes (`{ channel: 'xax' }`)
   * go to `/xax/theme/themeAuditShow` with `isShow: 0`. The first entry that matches wins. A toolbar
   * action whose selected records would go to different paths is disabled (`mixedHint` says why).
   */
  readonly atFor?: readonly ActionAt[];
  /** The disabled toolbar button's hint when the selection spans paths (县长信箱与其他渠道的主题请分开审核). */
  readonly mixedHint?: string;
  /** The toolbar button's label when it differs from the row's (审核 → 批量审核). */
  readonly bulkLabel?: string;
  /** A row's call sends its one key as `ids: [id]` (the spec's DTO takes a list even for one record). */
  readonly rowAsIds?: boolean;
  /** The input dialog starts with these values where the record and the user give none (审核结果: 审核通过). */
  readonly startValues?: Readonly<Record<string, string | number>>;
  /** Blank inputs are sent as `''` rather than left out (the spec's DTO names every key: `remark: ''`). */
  readonly sendBlanks?: boolean;
  /**
   * With `prefillFromRecord`: only the inputs whose values differ from the record's are sent (text
   * compared trimmed), and the submit stays disabled until one does (编辑主题 sends `{ id, title }`).
   */
  readonly onlyChanged?: boolean;
  /**
   * After the input dialog, a question worded from what was chosen (title `confirmTitle`, default 提示):
   * `{count}` the number of records, `{<input>}` the chosen option's label (or the value typed). `one` for
   * one record, `many` for several. 取消 goes back to the dialog with what was typed.
   */
  readonly confirmChosen?: { readonly one: string; readonly many: string };
}

export interface ActionAt {
  readonly when: WhereData;
  readonly at: string;
  readonly values?: Readonly<Record<string, string | number>>;
}
