import type { AccessDecl, Hooks, WhereData } from './behaviour';
import type { FieldDecl } from './shape/fields';
import type { ChildDecl } from './relations/children';
import type { LinkDecl } from './relations/links';
import type { CountedInDecl } from './relations/countedIn';
import type { AnswerDecl } from './shape/answers';
import type { RelatedDecl } from './relations/related';
import type { ShowStatusDecl } from './shape/showStatus';
import type { WordCheckDecl } from './shape/wordCheck';
import type { PreviewDecl } from './shape/preview';
import type { OrderingDecl } from './shape/ordering';
import type { CounterCallDecl } from './shape/counter';
import type { TreeDecl } from './relations/tree';
import type { ActionDecl } from './shape/actions';
import type { RecordsPanelDecl } from './shape/recordsPanel';
import type { ListDecl } from './shape/list';
import type { ExtraReadDecl, ReadDecl } from './shape/reads';
import type { CountCondition, GroupCountsDecl } from './shape/groupCounts';
import type { TallyDecl } from './shape/tally';
import type { ScheduleDecl } from './shape/schedule';
import type { KeySettingsDecl } from './shape/keySettings';
import type { RecordSettingsDecl } from './shape/recordSettings';
import type { UserMarkDecl } from './shape/userMarks';
import type { ChildPageDecl } from './shape/childPages';
import type { ResponsesDecl } from './shape/responses';
import type { FieldsFromDecl, FormCheckDecl, FormSubmitDecl, ShowChipDecl, ShowTableDecl } from './shape/form';
import type { ShowChartsDecl, ShowPagedDecl } from './shape/showCalls';
import type { MarksDecl } from './shape/marks';
import type { FilesCallDecl } from './shape/filesCall';

/**
 * The shape of a resource declaration: plain data that the data provider, the admin views and the
 * API server all read. No React and no server code may be imported here (see docs/architecture.md).
 */

export type { EnumOption, EnumTone, FieldDecl, FieldDisplay, FieldType } from './shape/fields';
export type { FilterOp, FilterDecl, FilterChoice, DetailDrawerDecl, JoinDecl, ColumnLayout, ListDecl, TreeFilterDecl, ListSourcesDecl, ListSourceDecl, RowLinkDecl } from './shape/list';
export type { ActionDecl, ListExportDecl, ActionCallDecl, ActionVariant, UploadDecl, TableDialogDecl, ChildExportDecl } from './shape/actions';
export type { FieldsFromDecl, FormCheckDecl, FormSubmitDecl, ShowChipDecl, ShowTableDecl } from './shape/form';
export type { CallColumnDecl, FieldToggleDecl, ShowChartsDecl, ShowPagedDecl } from './shape/showCalls';
export type { ExtraReadDecl, ReadDecl, ReadFilterDecl } from './shape/reads';
export type { GroupCountsDecl, CountDecl, CountCondition } from './shape/groupCounts';
export type { TallyDecl } from './shape/tally';
export type { ChildPageDecl, ChildPageFilterDecl } from './shape/childPages';

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
    /** Filter values searched with when the call leaves them blank (set by an `api.alsoAt` entry's `defaults`). */
    readonly defaults?: Readonly<Record<string, unknown>>;
    /** A search value the call cannot do without (set by an `api.alsoAt` entry's `requires`). */
    readonly requires?: string;
    /** Search values the call does not take: dropped before the search (set by an `api.alsoAt` entry's `ignore`). */
    readonly ignore?: readonly string[];
    /**
     * The pages are kept per caller and search while this database counter has not moved
     * (server/crud/listCache.ts, docs/performance.md): only for a table whose writes its triggers cover.
     */
    readonly cachedBy?: 'articleLists';
    /**
     * The key the list needs by a search value instead of the list key: `values[search[param]]`, else
     * `otherwise` (通知's `/notice/my/list`: `box: 'outbox'` needs notice:list, the reader's inbox notice:my).
     */
    readonly keyBy?: { readonly param: string; readonly values: Readonly<Record<string, string>>; readonly otherwise: string };
  };
  /**
   * `idParam` names the key parameter when it is not `id` (e.g. `deptId`). `servedBy: 'module'`: another
   * route answers it, so the generic routes do not register it.
   */
  readonly get: ApiCall & { readonly id: KeyLocation; readonly idParam?: string; readonly servedBy?: 'module' };
  /**
   * Absent for records nobody creates through the back office (logs, public submissions). `withId:
   * 'update'`: the create path also updates when the body carries the id (the spec's add-or-update calls
   * beside a separate update path, e.g. /notice/set/add), with the update's permission key. `success`: the
   * spec's message when not 新增成功 (session 27: 通知's 发布成功, 依申请公开's 登记成功).
   */
  readonly create?: ApiCall & { readonly withId?: 'update'; readonly success?: string };
  /** Often the same path as `create`: a body with the id updates. Absent for read-only records. `success`: the spec's message when not 修改成功. */
  readonly update?: ApiCall & {
    readonly success?: string;
    /** An update whose body sets only these fields needs this key instead of the update key (领导信箱's 公开: `{ id, publicFlag }`). */
    readonly onlyFields?: { readonly fields: readonly string[]; readonly permission: string };
    /**
     * `false`: the update call serves the declared steps (accept, reply, extend…: actions over this path
     * with their values and inputs), not an edit form: no 编辑 button and no edit screen (依申请公开).
     */
    readonly editForm?: false;
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
    /** `module`: a module registers this delete call itself (with its schema and the generic answer schema). */
    readonly servedBy?: 'module';
  };
  /** Paging parameter name of the list call; `pageNum` unless the spec says `pageNumber`. */
  readonly pageParam?: 'pageNum' | 'pageNumber';
  /** Further calls of the resource (top lists, type lists, state lists); with `reads` the generic routes answer them (a declared read, ReadDecl). */
  readonly extra?: Readonly<Record<string, ApiCall & { readonly label: string; readonly reads?: ExtraReadDecl; readonly files?: FilesCallDecl }>>;
  /**
   * The list, get and delete calls served at other paths too, each over the records matching `where` (ANDed
   * with the declaration's own `where`, access and data scope): the spec's per-channel copies of a call
   * (论坛主题's `/ll/theme/list` over `channel: 'll'`, `/xax/theme/get` over `channel: 'xax'`).
   */
  readonly alsoAt?: readonly CallAlias[];
}

export interface CallAlias {
  readonly where: WhereData;
  readonly list?: string;
  /** The list's filter values when the caller leaves them blank (unlike `where`, the caller may ask for others). */
  readonly defaults?: Readonly<Record<string, unknown>>;
  /** Search values this list path does not take (文章's `/api/article/listByDept` ignores the review queue's `todo`). */
  readonly ignore?: readonly string[];
  /**
   * Only the records of the caller's department and the departments below it (the ownership's department
   * column; a caller without a department finds none): 文章's 本部门文章 `/api/article/listByDept`.
   */
  readonly ownDepartments?: boolean | 'byScope';
  /** The list at this path searches without the filters' `blankMeans` (操作日志's `/log/list`: every type unless one is asked). */
  readonly ignoreBlankMeans?: true;
  readonly get?: string;
  readonly delete?: string;
  /**
   * Values of the caller the records must match too: column → the caller's key (`{ deptId: 'deptId' }`,
   * 领导留言's to-do list of the caller's department). A caller without the value reaches none.
   */
  readonly whereCaller?: Readonly<Record<string, 'deptId' | 'userId'>>;
  /** A search value the list cannot do without: blank answers 1001 缺少必填参数：<name> (`/theme/listByPeopleId`). */
  readonly requires?: string;
  /**
   * Session 27 (server/crud/aliasOptions.ts): `permission` the list key at this path; `scoped: false` the data
   * scope does not narrow it (with `ownDepartments: 'byScope'`: the caller's department, and those below it
   * when his data scope reaches them — DEPARTS, ALL); `labels` enum fields answered with `<field>Name` too;
   * `flags` a search value `1` under the name keeps the records matching the condition (`'$now'` the call's
   * time) — 领导信箱's `/mailForum/mailListByDept` with `overdue`.
   */
  readonly permission?: string;
  readonly scoped?: false;
  readonly labels?: readonly string[];
  readonly flags?: Readonly<Record<string, CountCondition & { readonly label: string }>>;
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
  /** The same operation at other paths (the spec writes some at the root: 意见征集's `/web/my/list`). */
  readonly alsoAt?: readonly string[];
  readonly method?: 'GET' | 'POST';
  readonly guard?: string;
  readonly captcha?: boolean;
  readonly success?: string;
  readonly onUpdatePath?: boolean;
  /** What the call reads (the request schema; default the declaration's create fields). */
  readonly input?: readonly FieldDecl[];
  /** Calls per address in a window (@fastify/rate-limit), for lookups that the guard does not count. */
  readonly rateLimit?: { readonly max: number; readonly timeWindow: string };
  /** Render the declaration's `republish` site pages again after a successful call. */
  readonly republish?: boolean;
  /** The form's own image-code paths: `image` (GET, the login captcha under this path), `check` (a code checked before sending). */
  readonly captchaPaths?: { readonly image: string; readonly check?: string };
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
  /** Submit buttons of the forms instead of 保存 (保存草稿 / 提交审核): see FormSubmitDecl. */
  readonly formSubmits?: readonly FormSubmitDecl[];
  /** A check of what is typed (敏感词检测), a toolbar button and the first step of submits with `check`. */
  readonly formCheck?: FormCheckDecl;
  /** Form fields a call answers for the values of other fields (a content model's fields): see FieldsFromDecl. */
  readonly formFieldsFrom?: FieldsFromDecl;
  /** Tables of arrays the get call answers (a review history), under the show view's fields. */
  readonly showTables?: readonly ShowTableDecl[];
  /** Charts of counts a call answers for the shown record (统计结果), under the show view's fields: see ShowChartsDecl. */
  readonly showCharts?: ShowChartsDecl;
  /** Paged tables of calls made for the shown record (答卷记录), under the charts: see ShowPagedDecl. */
  readonly showPaged?: readonly ShowPagedDecl[];
  /** Chips of the record's values beside the show view's title (counts, the parent's name): see ShowChipDecl. */
  readonly showChips?: readonly ShowChipDecl[];
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
  /** Tables of a module's own records under the generic list, edited in a dialog (see RecordsPanelDecl). */
  readonly listRecords?: readonly RecordsPanelDecl[];
  /** States the server keeps about the shown record, with buttons that change them (语音播报): see ShowStatusDecl. */
  readonly showStatus?: readonly ShowStatusDecl[];
  /** A check of the record's texts against another entity's words (敏感词检测): see WordCheckDecl. */
  readonly wordCheck?: WordCheckDecl;
  /** Panels under the show view, in the record's context (e.g. the links a check found). */
  readonly showPanels?: readonly string[];
  /**
   * How the operation log names a record whose personal data was shown in full (`查看敏感信息：<label> <value>`):
   * default the declaration's label and its titleField's value.
   */
  readonly personalLog?: { readonly label: string; readonly field: string };
  /** Reads of the records beside the list: what the portal publishes, staff top lists (see ReadDecl; the same reads as `api.extra`'s). */
  readonly reads?: readonly ReadDecl[];
  /** Counts of the records grouped by a field, counted now (see GroupCountsDecl). */
  readonly groupCounts?: readonly GroupCountsDecl[];
  /** The table marks another entity's records: list, get and delete are that entity's (resources/shape/marks.ts). */
  readonly marks?: MarksDecl;
  /** Running counts per group kept in a table of their own, reset and corrected by staff (see TallyDecl). */
  readonly tallies?: readonly TallyDecl[];
  /** Changes of state that come with time, made by the cluster scheduler (see ScheduleDecl). */
  readonly schedule?: ScheduleDecl;
  /** The entity's own settings as key → value rows, read and saved on one call (see KeySettingsDecl). */
  readonly settings?: KeySettingsDecl;
  /** Settings kept per record of another entity, one row each, on a get and a save call (see RecordSettingsDecl). */
  readonly recordSettings?: readonly RecordSettingsDecl[];
  /** A caller's own mark on records (read, seen), one row per record and user, set on one call (see UserMarkDecl). */
  readonly userMarks?: readonly UserMarkDecl[];
  /** One record's rows of another table, paged (see ChildPageDecl). */
  readonly childPages?: readonly ChildPageDecl[];
  /** Citizens' responses to the record's declared questions: checked, stored, counted, read (see ResponsesDecl). */
  readonly responses?: ResponsesDecl;
  /** Calls of citizens on the public site (see PublicOpDecl); handlers in the behaviour file. */
  readonly publicOps?: readonly PublicOpDecl[];
  /**
   * Site pages (`pages/<name>.html`) rendered again after a successful save or delete (问卷调查's `survey`);
   * `index` is the home page, `*` every site page of the skin (热词, shown in every page's header).
   */
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
  /** Rows of another table that belong to a record (论坛主题's replies): see ChildDecl. */
  readonly children?: readonly ChildDecl[];
  /** Values answered with each record from other tables (a reference's title, a count, a link's ids or titles): see AnswerDecl. */
  readonly answers?: readonly AnswerDecl[];
  /** This entity's records counted in a field of the record each names (论坛版块's 主题数): see CountedInDecl. */
  readonly countedIn?: readonly CountedInDecl[];
  /** Records of the same entity a record points at, by calls of their own (文章's 相关文章): see RelatedDecl. */
  readonly related?: RelatedDecl;
  /** A preview dialog of a record for screens that open one (文章's 预览 in 待审文章): see PreviewDecl. */
  readonly preview?: PreviewDecl;
  /** Hand-set order within groups (文章's 排序 / 上移 within a column): see OrderingDecl. */
  readonly ordering?: OrderingDecl;
  /** Citizens' view counts (文章's `/api/article/hit`): see CounterCallDecl. */
  readonly counters?: readonly CounterCallDecl[];
}

