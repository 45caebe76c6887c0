import type { WhereData } from '../behaviour';
import type { ChoicesFrom } from './fields';
import type { ThreadDecl } from './thread';

/** A declared list's search, columns, joins and the ways it opens (part of resources/types.ts, split for size). */

export type FilterOp = 'eq' | 'like' | 'range';

export interface FilterDecl {
  readonly field: string;
  readonly op: FilterOp;
  /** Names of the two search parameters of a `range` filter; default startTime / endTime. */
  readonly params?: readonly [string, string];
  /** Shown in the filter bar without being added first. */
  readonly alwaysOn?: boolean;
  /**
   * What the server filters by when the search leaves this filter blank (an `eq` value or a list of
   * them), e.g. 操作日志's list shows changes and client reports unless a type is asked.
   */
  readonly blankMeans?: string | number | readonly (string | number)[];
  /** A `like` filter that also matches these fields (菜单's name search matches the alias too). */
  readonly orFields?: readonly string[];
  /** An `eq` filter on an enum takes only its options: another value answers 1002 as a save would. */
  readonly onlyOptions?: boolean;
  /** An `eq` filter that also takes a comma list (`4,6`: one of them); with onlyOptions each value is checked. */
  readonly commaList?: true;
  /** The search form's label when not the field's (操作日志's 账号 is searched as 用户). */
  readonly label?: string;
  /**
   * The search form's choices when not the field's options: a choice may stand for several stored values
   * (`sends`, 操作 → operation and client). The UI sends those values; the wire stays an `eq` or a list.
   */
  readonly choices?: readonly FilterChoice[];
  /** The search form's choices read from a call (部门 from the department data call); see ChoicesFrom. */
  readonly choicesFrom?: ChoicesFrom;
  /** The list call takes it, the search form does not offer it (操作日志's 用户ID, 结果码, 应用: for other callers). */
  readonly apiOnly?: boolean;
  /** What the UI sends when the filter is left blank (全部: every type, where the server's blank is narrower). */
  readonly blankSends?: readonly (string | number)[];
  /**
   * The behaviour's listWhere answers this filter (a value the equality or range rules cannot say: a
   * department with the ones below, dates on publish-or-create time): the generic filters skip
   * it, the search form and the request schema still offer it.
   */
  readonly byHook?: true;
}

export interface FilterChoice {
  readonly value: string | number;
  readonly label: string;
  readonly sends?: readonly (string | number)[];
}

/** A list whose records open in a drawer beside it (read-only logs) from a row button, instead of the show page. */
export interface DetailDrawerDecl {
  /** The drawer's heading (and its region's name). */
  readonly title: string;
  /** The row button's label. */
  readonly button: string;
  /** The fields shown, in order; default every field. */
  readonly fields?: readonly string[];
}

/**
 * A value read from another table for each listed record, as data: `(select <column> from <table> where
 * <key> = <this table>.<on>) as <name>`. The name is then a field the list can show and sort by.
 */
export interface JoinDecl {
  readonly name: string;
  readonly table: string;
  readonly column: string;
  /** Column of this table that holds the other table's key. */
  readonly on: string;
  /** Key column of the other table; default `id`. */
  readonly key?: string;
  /** The number of the other table's rows whose `key` holds this record's `on` (a role's users), instead of `column`. */
  readonly count?: boolean;
}

/**
 * How a list column takes its share of a narrow table (issue 23). `priority` 1 columns stay whatever the
 * width, 2 fold after 3 (folded columns show in the row's expansion and come back in 列设置). `width` in
 * px fixes the column; without it the column shares what the fixed ones leave, never under `minWidth`.
 * Defaults by field type (src/components/list/columns.ts): the title field is priority 1 and flexible.
 */
export interface ColumnLayout {
  readonly priority?: 1 | 2 | 3;
  readonly width?: number;
  readonly minWidth?: number;
}

export interface ListDecl {
  readonly columns: readonly string[];
  /** Priority and width of the columns that need other than the defaults (see ColumnLayout). */
  readonly columnLayout?: Readonly<Record<string, ColumnLayout>>;
  readonly filters: readonly FilterDecl[];
  readonly sortable: readonly string[];
  readonly defaultSort: { readonly field: string; readonly order: 'ASC' | 'DESC' };
  /** Values from other tables shown with each record (see JoinDecl). */
  readonly joins?: readonly JoinDecl[];
  /** The direction of a sort field the search names without `sortOrder` (default ASC; 文章's DESC). */
  readonly chosenOrder?: 'ASC' | 'DESC';
  /** Orders after the chosen sort, before the id (e.g. the period after the year, in the same direction). */
  readonly thenBy?: (sort: { readonly field: string; readonly order: 'ASC' | 'DESC' }) => readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
  /** Columns the list call leaves out of its rows (an article's body): the page reads only the other declared fields. */
  readonly leaveOut?: readonly string[];
  /** Search values the list opens with (and 重置 returns to), e.g. the last five years. */
  readonly filterDefaults?: Readonly<Record<string, string | number>>;
  /** Buttons in each row that open another screen for the record (数据字典's 字典项); see RowLinkDecl. */
  readonly rowLinks?: readonly RowLinkDecl[];
  /** Each row opens its record in a drawer (see DetailDrawerDecl). */
  readonly detailDrawer?: DetailDrawerDecl;
  /** Each row opens its record as a thread in a dialog, with its child items and a reply box (see ThreadDecl). */
  readonly thread?: ThreadDecl;
  /** A tree beside the table whose chosen node filters the list (users by department); see TreeFilterDecl. */
  readonly treeFilter?: TreeFilterDecl;
  /**
   * A click on a row opens this app route, `{field}` standing for the record's value (依申请公开's
   * `/main/interact/applyPerson?id={id}`, the spec's detail page); default: rows are not clickable.
   */
  readonly rowOpens?: string;
  /** The toolbar's create button when the screen names it otherwise than 新增 (新建问卷). */
  readonly createLabel?: string;
  /** The row's 编辑 / 删除 only for records in these states (the server refuses the others anyway). */
  readonly rowEditWhen?: WhereData;
  readonly rowDeleteWhen?: WhereData;
  /** Tabs over the list, each answered by its own declared call (see ListSourcesDecl). */
  readonly sources?: ListSourcesDecl;
}

/**
 * The tree panel of a list: `tree` names a declared tree entity (its `tree` call or tree-shaped list);
 * choosing a node sends its id as the search value `field` (the server decides whether sub-nodes count),
 * 全部 sends none.
 */
export interface TreeFilterDecl {
  readonly field: string;
  readonly tree: string;
  /** The panel's heading and the tree's accessible name (default: the tree entity's label without 管理, and that + 树). */
  readonly label?: string;
  /**
   * An `api.extra` call of the tree entity answering the nodes to offer (文章: the caller's own columns,
   * `userList`), nested or flat (then nested by the tree's `parentField`); default its tree.
   */
  readonly call?: string;
}

/**
 * Tabs of a list whose records come from different calls with the same shape: 领导信箱's 信件列表 (the
 * list call) and 本部门信件 (`api.extra.listByDept`). The chosen tab is the filter value `param`, which the
 * data provider turns into the call and never sends; a link opens a tab with `?filter={"<param>":"dept"}`.
 */
export interface ListSourcesDecl {
  readonly param: string;
  readonly tabs: readonly ListSourceDecl[];
}

export interface ListSourceDecl {
  readonly value: string;
  readonly label: string;
  /** The `api.extra` call that answers this tab; none: the list call. */
  readonly call?: string;
  /** Permission key the tab needs; default the list's. */
  readonly permission?: string;
}

/** A row button to another screen: `to` is an app route where `{field}` stands for the record's value. */
export interface RowLinkDecl {
  readonly label: string;
  readonly to: string;
  /** Permission key the button needs; default the list's. */
  readonly permission?: string;
  /** Shown only for records in these states (统计结果 once a survey has started). */
  readonly shownWhen?: WhereData;
}
