import type { AccessDecl, Awaitable, HookContext, Hooks, RecordData, WhereData } from './behaviour';
import type { FieldDecl } from './shape/fields';
import type { LinkDecl } from './relations/links';
import type { TreeDecl } from './relations/tree';

/**
 * The shape of a resource declaration: plain data that the data provider, the admin views and the
 * API server all read. No React and no server code may be imported here (see docs/architecture.md).
 */

export type { EnumOption, EnumTone, FieldDecl, FieldDisplay, FieldType } from './shape/fields';

/**
 * Where a call carries its key: `?id=`/`?ids=1,2` in the query, `{ id }`/`{ ids: [] }` as JSON body,
 * or in the path, where `{id}` in the declared path stands for it (e.g. `/ding/user/{id}`).
 */
export type KeyLocation = 'query' | 'body' | 'path';

export interface ApiCall {
  readonly path: string;
  /** POST unless said otherwise. */
  readonly method?: 'GET' | 'POST';
  /** Where a list's search values or a save's fields go: the JSON body (default) or the query string. */
  readonly params?: 'body' | 'query';
}

export interface ResourceApi {
  /**
   * Search `{ pageNum, pageSize, sortField, sortOrder, ...filters }`; answers the page shape, or with
   * `shape: 'array'` a plain array of every record (the client then pages it), or with `shape: 'tree'`
   * (a declaration with `tree`) the records nested under their parents in `children`; a search keeps the
   * matching records with their ancestors.
   */
  readonly list: ApiCall & {
    readonly shape?: 'page' | 'array' | 'tree';
    /** The spec's name of a search body the call cannot do without: none answers 1001 缺少必填参数：<name>. */
    readonly bodyRequired?: string;
    /** Both paging values must be sent (the page parameter, then pageSize): a missing one answers 1001 缺少必填参数：<name>. */
    readonly pagingRequired?: boolean;
    /**
     * `module`: a module registers this list call itself (per-caller state the generic list cannot answer:
     * 通知's inbox with read flags); the other calls stay generic. The module's route carries its schema.
     */
    readonly servedBy?: 'module';
  };
  /** `idParam` names the key parameter when it is not `id` (e.g. `deptId`). */
  readonly get: ApiCall & { readonly id: KeyLocation; readonly idParam?: string };
  /**
   * Absent for records nobody creates through the back office (logs, public submissions). `withId:
   * 'update'`: the create path also updates when the body carries the id (the spec's add-or-update calls
   * beside a separate update path, e.g. /notice/set/add), with the update's permission key.
   */
  readonly create?: ApiCall & { readonly withId?: 'update' };
  /** Often the same path as `create`: a body with the id updates. Absent for read-only records. `success`: the spec's message when not 修改成功. */
  readonly update?: ApiCall & {
    readonly success?: string;
    /** An update whose body sets only these fields needs this key instead of the update key (领导信箱's 公开: `{ id, publicFlag }`). */
    readonly onlyFields?: { readonly fields: readonly string[]; readonly permission: string };
  };
  /**
   * `idsParam` names the key parameter when it is not `ids`; `perRecord` means the call deletes one
   * record (key parameter `id` unless `idsParam` says otherwise), so deleting several makes one call each.
   */
  readonly delete?: ApiCall & {
    readonly ids: KeyLocation;
    readonly idsParam?: string;
    readonly perRecord?: boolean;
    /** What the envelope's data holds: the deleted count (default) or `none` (null, where the spec says so). */
    readonly answer?: 'count' | 'none';
    /** Also takes one `id` (body or query) when the ids parameter is absent (the spec's save-DTO deletes). */
    readonly orId?: boolean;
  };
  /** Paging parameter name of the list call; `pageNum` unless the spec says `pageNumber`. */
  readonly pageParam?: 'pageNum' | 'pageNumber';
  /** Further calls of the resource (top lists, type lists, state lists). */
  readonly extra?: Readonly<Record<string, ApiCall & { readonly label: string }>>;
}

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
  /** The search form's label when not the field's (操作日志's 账号 is searched as 用户). */
  readonly label?: string;
  /**
   * The search form's choices when not the field's options: a choice may stand for several stored values
   * (`sends`, 操作 → operation and client). The UI sends those values; the wire stays an `eq` or a list.
   */
  readonly choices?: readonly FilterChoice[];
  /** The list call takes it, the search form does not offer it (操作日志's 用户ID, 结果码, 应用: for other callers). */
  readonly apiOnly?: boolean;
  /** What the UI sends when the filter is left blank (全部: every type, where the server's blank is narrower). */
  readonly blankSends?: readonly (string | number)[];
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
  /** Orders after the chosen sort, before the id (e.g. the period after the year, in the same direction). */
  readonly thenBy?: (sort: { readonly field: string; readonly order: 'ASC' | 'DESC' }) => readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
  /** Search values the list opens with (and 重置 returns to), e.g. the last five years. */
  readonly filterDefaults?: Readonly<Record<string, string | number>>;
  /** Buttons in each row that open another screen for the record (数据字典's 字典项); see RowLinkDecl. */
  readonly rowLinks?: readonly RowLinkDecl[];
  /** Each row opens its record in a drawer (see DetailDrawerDecl). */
  readonly detailDrawer?: DetailDrawerDecl;
  /** A tree beside the table whose chosen node filters the list (users by department); see TreeFilterDecl. */
  readonly treeFilter?: TreeFilterDecl;
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
}

/** Permission keys a role must hold for each operation; they are Button entries of the menu tree. */
export interface PermissionKeys {
  readonly list: string;
  readonly get: string;
  readonly create: string;
  readonly update: string;
  readonly delete: string;
}

/**
 * A call beyond the five CRUD ones that needs its own permission: a workflow step (accept, approve,
 * reject), a transfer, an export. Its permission key becomes a Button entry under the resource's menu.
 */
export interface ActionDecl {
  readonly name: string;
  /** Chinese button label, e.g. 审核通过. */
  readonly label: string;
  readonly path: string;
  readonly method?: 'GET' | 'POST';
  readonly permission: string;
  /** Applies to the selected rows (bulk) or to one record (row). */
  readonly scope?: 'row' | 'bulk' | 'both' | 'none';
  /** Ask for confirmation first (destructive or irreversible steps). */
  readonly confirm?: string;
  /** The states that allow it: every record it applies to must match (else 1005 with `refusal`, default 该记录当前状态不允许此操作). */
  readonly when?: WhereData;
  /** Message when a record is not in an allowed state. */
  readonly refusal?: string;
  /** Success message of the envelope; default 操作成功. The UI fills `{name}` from the answer's data (已清理{deleted}条日志). */
  readonly success?: string;
  /**
   * What the call does, on the generic routes: the records it applies to (`id` for a row action, `ids`
   * for a bulk one; none for `scope: 'none'`), read inside the caller's scope, and the request body, in
   * one transaction. Without `run` a module serves the path (uploads, downloads). `run: true` says the
   * server's behaviour file (`server/entities/<name>.ts`, `actions: { <name>: run }`) holds it: the shared
   * declaration then carries no server code (the server refuses to start when the file does not provide it).
   */
  readonly run?: true | ((args: { readonly records: readonly RecordData[]; readonly body: RecordData; readonly ctx: HookContext }) => Awaitable<unknown>);
  /**
   * Values the action asks for before it runs (an opinion, a transfer target, a reply): the generic UI
   * shows them in a dialog, the server checks them by the field rules and hands them to `run` in the body.
   */
  readonly input?: readonly FieldDecl[];
  /** How the call's body is built, and how its dialog asks (see ActionCallDecl). */
  readonly call?: ActionCallDecl;
  /** The call answers a file (Excel, Word): the UI downloads it under this name instead of running it. */
  readonly download?: string;
  /** Where the UI shows it: the list toolbar, each row, the show view (default: by scope). */
  readonly placement?: readonly ('toolbar' | 'row' | 'show')[];
  /** The call takes one uploaded file (an Excel import): the UI asks for the file in a dialog first. */
  readonly upload?: UploadDecl;
  /** The confirmation's title (default 提示). */
  readonly confirmTitle?: string;
  /**
   * No call of its own: the button opens `src/panels/<dialog>.tsx` (default export, props `{ decl, onClose }`,
   * the record in context), which renders its own dialog (意见征集's 查看意见). Needs `placement`.
   */
  readonly dialog?: string;
  /** A whole-list Excel export served by the generic routes (server/crud/listExport.ts); `scope: 'none'`. */
  readonly export?: ListExportDecl;
}

/**
 * The generic list export: every record the list's search finds (filters, sort, data scope), one column per
 * `columns` entry and then each list column not named there, enum and dictionary values as their labels,
 * personal fields masked. The file is `<fileName>_<date>.xlsx`.
 */
export interface ListExportDecl {
  readonly fileName: string;
  readonly sheet?: string;
  /** Columns first, in order: a field name, or a field with its own header and width. */
  readonly columns?: readonly (string | { readonly field: string; readonly header?: string; readonly width?: number })[];
}

/**
 * An action's call beyond the defaults (`{ id | ids, ...inputs }`, dialog titled by the label): the spec's
 * key name (会员 `{ puPeopleId, authStatus, remark }`), fixed values (冻结 `state: 1`), where the inputs start
 * (the record's reply, the officer's department) and what the dialog says.
 */
export interface ActionCallDecl {
  /** The key parameter for one record when not `id`: the UI sends the record's id under it, the server reads it there. */
  readonly idParam?: string;
  /** Values the call always sends beside the key and the inputs. */
  readonly values?: Readonly<Record<string, string | number>>;
  /** Inputs start from the record's values (when set): `true`: from the fields of the same names; a map: input name → the record's field (答复内容 ← replyContent). */
  readonly prefillFromRecord?: boolean | Readonly<Record<string, string>>;
  /** Inputs that start from the signed-in user, else blank: input name → the identity's key (replyDept → deptName). */
  readonly prefillFromUser?: Readonly<Record<string, string>>;
  /** The dialog's title (default the label) and submit button (default 确定). */
  readonly title?: string;
  readonly submit?: string;
  /**
   * The action as it is for records in these states: another label (and dialog title), fixed values,
   * question and message — 处理 → 修改答复 once answered, 冻结 (`state: 1`) → 解冻 (`state: 0`) once frozen.
   */
  readonly variant?: ActionVariant;
  /** The UI offers it only for records in these states (标记已读 on unread ones); unlike `when`, the server takes any. */
  readonly shownWhen?: WhereData;
}

export interface ActionVariant {
  readonly when: WhereData;
  readonly label: string;
  readonly values?: Readonly<Record<string, string | number>>;
  readonly confirm?: string;
  readonly success?: string;
}

/**
 * The file an upload action sends (multipart). The dialog offers the template to fill in (a GET call of
 * `api.extra`), explains the rules, and keeps the server's refusal on screen until the next try. The
 * action's `success` may name values of the answer in braces: `导入成功：新增{added}条`.
 */
export interface UploadDecl {
  /** The file input's `accept`, e.g. `.xlsx`. */
  readonly accept: string;
  /** Largest file sent; the server checks again. */
  readonly maxBytes: number;
  /** Multipart field name; default `file`. */
  readonly field?: string;
  /** Dialog title; default the action's label. */
  readonly title?: string;
  /** What the dialog explains above the file input. */
  readonly hint?: string;
  /** Name of the `api.extra` call that downloads the template, and the file name to save it under. */
  readonly template?: { readonly call: string; readonly fileName: string };
}

/**
 * A panel a generic view shows beside the declared screen: `src/panels/<name>.tsx` default-exports it.
 * A plain name is a panel under the list's table; `above` puts it between the search and the table,
 * inside the list (it reads the list's search values).
 */
export type PanelRef = string | { readonly name: string; readonly place: 'above' | 'below' };

/** Menu groups of the admin app (Catalogue entries); see docs/menus.md. */
export type MenuGroup = 'home' | 'content' | 'interact' | 'system' | 'siteMonitoring';

export interface MenuDecl {
  readonly group: MenuGroup;
  /** Route named in the spec, e.g. /main/system/sensitiveWord. */
  readonly path: string;
  readonly sort: number;
  /** App that shows the menu: the admin app unless `reportSite`. */
  readonly app?: 'adminSite' | 'reportSite';
}

/** Which columns make a record department-owned, for data-permission scopes. */
export interface OwnershipDecl {
  readonly department: string;
  readonly creator: string;
}

/**
 * A citizen's call on the public site (no login): its path, the public guard's per-address limits (`guard`:
 * the limits' kind), an image code (`captcha`: verifyCode + codeId in the body), the success message. The
 * fields it takes, what it writes and what the citizen reads back are the behaviour file's `publicOps`
 * handler (`check` the body, then `run` in a transaction as the system). `onUpdatePath`: the op shares
 * the declaration's update path: a body without the id is the citizen's call, one with it the staff update.
 */
export interface PublicOpDecl {
  readonly name: string;
  readonly label: string;
  readonly path: string;
  readonly method?: 'GET' | 'POST';
  readonly guard?: string;
  readonly captcha?: boolean;
  readonly success?: string;
  readonly onUpdatePath?: boolean;
  /** What the call reads (the request schema; default the declaration's create fields). */
  readonly input?: readonly FieldDecl[];
  /** Calls per address in a window (@fastify/rate-limit), for lookups that the guard does not count. */
  readonly rateLimit?: { readonly max: number; readonly timeWindow: string };
}

export interface ResourceDecl {
  /** react-admin resource name and client route segment. */
  readonly name: string;
  /** Database table. */
  readonly table: string;
  readonly label: string;
  /** Name of a @mui/icons-material icon. */
  readonly icon: string;
  /** The record key field; `id` for the plain entities. */
  readonly idField: string;
  /** Field shown as the record title. */
  readonly titleField: string;
  readonly api: ResourceApi;
  readonly fields: readonly FieldDecl[];
  readonly list: ListDecl;
  /** Fields of the show view, in order; default every field. */
  readonly show?: readonly string[];
  /** Fields of create and edit forms, in order; default every field that is not read-only. */
  readonly form?: readonly string[];
  readonly permissions: PermissionKeys;
  /** Calls with their own permission keys (workflow steps, exports); see ActionDecl. */
  readonly actions?: readonly ActionDecl[];
  readonly ownership?: OwnershipDecl;
  /**
   * The records of this declaration are the rows of its table with these values (several declarations
   * may share one table): every read, change and delete matches them, and a new record gets them.
   */
  readonly where?: Readonly<Record<string, string | number>>;
  /**
   * Panels the generic list shows under (or, `place: 'above'`, over) its table, by name (see PanelRef):
   * a chart, a settings block. The list, forms and show view stay generic.
   */
  readonly listPanels?: readonly PanelRef[];
  /** Panels under the show view, in the record's context (e.g. the links a check found). */
  readonly showPanels?: readonly string[];
  /**
   * How the operation log names a record whose personal data was shown in full (`查看敏感信息：<label> <value>`):
   * default the declaration's label and its titleField's value.
   */
  readonly personalLog?: { readonly label: string; readonly field: string };
  /** Calls of citizens on the public site (see PublicOpDecl); handlers in the behaviour file. */
  readonly publicOps?: readonly PublicOpDecl[];
  /** Site pages (`pages/<name>.html`) rendered again after a successful save or delete (问卷调查's `survey`). */
  readonly republish?: readonly string[];
  /** Code run around each operation (see resources/behaviour.ts). */
  readonly hooks?: Hooks;
  /** Checks beyond the permission keys, per operation, with the caller and its data scope. */
  readonly access?: AccessDecl;
  readonly menu: MenuDecl;
  /**
   * `generic` (default): the server builds the table's routes from this declaration. `module`: a domain
   * module under server/modules/ serves the declared paths itself (trees, workflows, odd call shapes);
   * the table is still created from the fields.
   */
  readonly routes?: 'generic' | 'module';
  /**
   * One record of its kind (站点设置): the get call needs no id and answers the record over the declared
   * defaults (the defaults alone, `id` null, before the first save); the update call needs no id and
   * saves the one record, creating it the first time. No list, create or delete routes.
   */
  readonly singleton?: boolean;
  /** The records form a tree by a parent field (部门, 菜单, 栏目): see TreeDecl. */
  readonly tree?: TreeDecl;
  /** Many-to-many links in link tables (角色 ↔ 菜单): see LinkDecl. */
  readonly links?: readonly LinkDecl[];
}

