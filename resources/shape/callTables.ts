/**
 * Tables over declared calls in a dialog of tabs, opened by an action (`tables` on an ActionDecl; part of
 * resources/types.ts, split for size): 领导信箱's 来信统计 (the running counts, 清零 in each row) and 实时统计
 * (the group counts of a date range), each with its search and 导出Excel. The UI is src/generic/CallTablesDialog.tsx.
 */
export interface CallTablesDecl {
  /** The dialog's title. */
  readonly title: string;
  readonly tabs: readonly CallTableDecl[];
}

export interface CallTableDecl {
  readonly label: string;
  /**
   * The call answering the rows (a page): a declared action, `api.extra` call, read or group count, by name;
   * a group count's export is `<name>:export`.
   */
  readonly call: string;
  readonly columns: readonly { readonly key: string; readonly label: string }[];
  /** Search fields above the table: a text sent as `name`, or a date range sent as startTime / endTime. */
  readonly search?: readonly { readonly name: string; readonly label: string; readonly type: 'text' | 'dateRange' }[];
  /** `false`: the answer is the whole list, shown without a pager. */
  readonly paged?: boolean;
  /** A button in each row for holders of the action's key: the declared row action with `?id=`, after `confirm` (`{field}` from the row). */
  readonly rowAction?: { readonly action: string; readonly label: string; readonly confirm: string; readonly success: string };
  /** 导出Excel of the same search (the call by name, as `call`), for holders of `permission`. */
  readonly export?: { readonly call: string; readonly permission: string; readonly fileName: string };
  /** `data-testid` of the table. */
  readonly testId?: string;
}
