import type { WhereData } from '../behaviour';
import type { GroupsReadDecl } from './groupsRead';
import type { ReadMore } from './readMore';

import type { ReadDetailDecl } from './readDetail';

/**
 * A declared read of the entity's records (part of resources/types.ts, split for size), answered by the
 * generic routes from the declaration (server/crud/reads/): what the portal publishes (领导信箱's 已公开信件,
 * 意见征集's topics, 部门's public names), staff top lists (最新信件, 命中排行), trees, counts per option, a
 * singleton's record, a link's ids. One type in two places: the declaration's `reads` (each with its own
 * name, label and path) and the `reads` of an `api.extra` call (that call's path and label: ExtraReadDecl),
 * for a call the screens find by name. Only what the read declares leaves the server.
 */
export interface ReadDecl extends ReadMore {
  readonly name: string;
  readonly label: string;
  readonly path: string;
  /** The same read at other paths (the spec writes some at the root: 意见征集's `/web/list`). */
  readonly alsoAt?: readonly string[];
  /** POST unless GET (a GET reads its values from the query only). */
  readonly method?: 'GET' | 'POST';
  /**
   * `page` (default): the page shape with paging; `array`: the records in `sort`, the first `limit` or `size`
   * of them; `one`: the record `id` names (1003 when none matches); `tree`: the array nested under parents (a
   * declaration with `tree`); `counts`: one `{ value, label, count }` per option of the enum `field`, in the
   * options' order; `record`: a singleton's one record, its empty values the declared defaults; `linked`: the
   * ids one record (its id under `key`, default the idField) holds through the declared `link`, ascending;
   * `options`: every record as `{ value: its id, label: its title }`, in `sort` order (a form's choices);
   * `stateCounts`: one object, for each name of `states` the number of records matching its values;
   * `groups`: the top-level records as groups of their nested descendants (`groups`, resources/shape/groupsRead.ts);
   * `grouped`: rows of counts, sums and averages per group (`grouped`, resources/shape/groupedRead.ts).
   */
  readonly shape?: 'page' | 'array' | 'one' | 'tree' | 'counts' | 'record' | 'linked' | 'options' | 'stateCounts' | 'groups' | 'grouped';
  /**
   * For `tree`: one root per option of the enum `field` (in the options' order), `{ <field>: value, <label>:
   * its label, children: the records of that value nested }`; a search value of `field` keeps its root alone.
   */
  readonly roots?: { readonly field: string; readonly label: string };
  /** For `groups`: the parent field, the group's key field and the parameter naming one group. */
  readonly groups?: GroupsReadDecl;
  /** Answered names taken from another field (`{ code: 'key', label: 'name' }`), before `fields` picks. */
  readonly as?: Readonly<Record<string, string>>;
  /** The key a caller must hold. */
  readonly permission?: string;
  /**
   * Or who may call: `public` (no login, read as the system), `staff` (any login), `get` (the get key).
   * Without either a read of the declaration's `reads` is public, one on an `api.extra` call needs the list key.
   */
  readonly who?: 'public' | 'staff' | 'get';
  /** `false`: a caller's read of every record, not only those in his data scope (access, scope, grants). */
  readonly scoped?: boolean;
  /** Which records are readable at all (published, public: `{ status: 1 }`; an array is "one of"). */
  readonly where?: WhereData;
  /** Records with these values are left out (`{ parentId: 0 }`: no top level). */
  readonly except?: WhereData;
  /** Search values the call takes: `param` when the spec names it otherwise than the field (`type` for boxType). */
  readonly filters?: readonly ReadFilterDecl[];
  /** The order, the first entry first (default the list's sort and `thenBy`; then by id ascending). */
  readonly sort?: readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
  /** The fields answered, in order (a missing value is null): nothing else of the record leaves the server. */
  readonly fields: readonly string[];
  /** An `array` read's fixed length (default: every record)… */
  readonly limit?: number;
  /** …or the caller's, named `param` (its default and cap; `required`: 1001 without it). */
  readonly size?: { readonly param: string; readonly default: number; readonly max: number; readonly required?: boolean };
  /** Enum fields answered with their label as `<field>Name` too (`status` → `statusName`; '' for no value). */
  readonly labels?: readonly string[];
  /**
   * Values answered masked: `name` keeps the first character (张三 → 张*, 欧阳修 → 欧**); `initial` the first
   * character and two stars whatever the length (张三 → 张**), 匿名 for none (论坛主题's 留言人).
   */
  readonly masks?: Readonly<Record<string, 'name' | 'initial'>>;
  /**
   * A search carrying this parameter is a citizen's lookup of his own record instead: the public operation
   * `op` answers it (declared in `publicOps` at the same path, run by the behaviour file; 建议征集's `queryCode`).
   */
  readonly lookup?: { readonly param: string; readonly op: string };
  /** `startTime` / `endTime` bound this date-time field (a date alone as the end takes that whole day). */
  readonly range?: string;
  /** Search parameters the call must carry (1001 缺少必填参数：<name> otherwise; 诉求's `pageNumber`, `pageSize`). */
  readonly required?: readonly string[];
  /** Only the records a link table pairs with another record, or those it does not (论坛版块's plates of a role). */
  readonly through?: ThroughReadDecl;
  /**
   * For `array` (a declaration with `tree`): the records found (after `through`) with the ancestors that place
   * them in the tree, in the read's order, each answered with this flag — true for a found one, false for an
   * ancestor added (栏目's `/column/role/user/list`: the caller's granted columns, `granted`).
   */
  readonly ancestors?: string;
  /** Each answered record carries the rows of another table that point at it (论坛's enabled plates). */
  readonly nested?: NestedReadDecl;
  /** For `stateCounts`: name → the values counted (`{}` counts every record): `{ total: {}, passed: { status: 1 } }`. */
  readonly states?: Readonly<Record<string, WhereData>>;
  /**
   * The behaviour's `listWhere` hooks apply to the search values the read names (`params`, `from`, `search`;
   * nothing else the caller sends reaches them): what the declared filters cannot say (文章's column with its
   * sub-columns, 文章属性, dates). The `enrich` hooks always run. server/crud/reads/search.ts.
   */
  readonly hooks?: boolean;
  /** Search values the read sets itself, over the caller's (a mode its hooks read: 文章's `columnExact`). */
  readonly search?: Readonly<Record<string, string | number | boolean>>;
  /** A search value read from the first of several names given (`pageSize` from `pageSize` or `size`). */
  readonly from?: Readonly<Record<string, readonly string[]>>;
  /** Search values the hooks read, name → label (for the request schema). */
  readonly params?: Readonly<Record<string, string>>;
  /**
   * Only records whose date `field` falls on or after the start of the day the caller's `param` days ago (its
   * default and cap): 文章's 近日热读 (`publishTime`, `days`, 7, 90).
   */
  readonly recent?: { readonly field: string; readonly param: string; readonly default: number; readonly max: number };
  /** For `one`: the id from the first of these names given (`articleID` or `articleId`), instead of the idField. */
  readonly idParams?: readonly string[];
  /** For `one`: values of other records answered with it (related records, neighbours, hooks' values): resources/shape/readDetail.ts. */
  readonly detail?: ReadDetailDecl;
  /** For `counts`: the enum field counted. */
  readonly field?: string;
  /** For `linked`: the declared link and the parameter naming the record. */
  readonly link?: string;
  readonly key?: string;
  /**
   * For `linked`: the link read the other way — `key` names a record of the linked entity, the answer is the
   * ids of this entity's records (in the caller's reach) linked to it, ascending; none for an unknown one.
   */
  readonly reverse?: boolean;
  /**
   * For `one` (session 27, server/crud/reads/one.ts): the record's id from the first of these names given, in the
   * path (`/x/{id}`), the body or the query; the last one is required (1001 naming it). Default the idField.
   */
  readonly keys?: readonly string[];
  /** For `one`: the record as the get call answers it (its access, `at: 'get'` answers and afterGet hooks). */
  readonly asGet?: boolean;
  /** For `one`: the record whose id is the caller's own (`deptId`: his department); null when he has none or it is gone. */
  readonly mine?: 'deptId' | 'userId';
  /** For `one`: only this field's value (a department's name). */
  readonly value?: string;
}

/**
 * The read of an `api.extra` call: the call gives its path, method and label; without `fields` it answers
 * whole records as the list does.
 */
export type ExtraReadDecl = Omit<ReadDecl, 'name' | 'label' | 'path' | 'alsoAt' | 'method' | 'fields'> & { readonly fields?: readonly string[] };

export interface ReadFilterDecl {
  readonly field: string;
  /** `eq` takes the value as the field stores it; `like` a text the field contains. */
  readonly op: 'eq' | 'like';
  readonly param?: string;
  /** An `eq` value must be one of the enum field's options (1002 `<label>的值无效，可选值：…`, as the list's filter). */
  readonly onlyOptions?: true;
}

/**
 * A read's `nested` rows: under `name`, the rows of `table` whose column `key` holds the answered record's id,
 * matching `where`, in `sort` order (then by id), with only `fields` (论坛's public list: each forum with its
 * enabled plates).
 */
export interface NestedReadDecl {
  readonly name: string;
  readonly table: string;
  readonly key: string;
  readonly where?: WhereData;
  readonly sort?: readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
  readonly fields: readonly string[];
}

/**
 * A read's `through`: the records whose id is in `table`'s column `key` on a row whose `other` column holds
 * the other record's id (`not`: the records on no such row). That id is the search value `param` (a blank
 * or non-positive one answers 1002 `missing`), or the caller's `roleIds` (a caller of data scope ALL reaches
 * every record when `allScope`).
 */
export interface ThroughReadDecl {
  readonly table: string;
  readonly key: string;
  readonly other: string;
  readonly param?: string;
  readonly missing?: string;
  readonly caller?: 'roleIds';
  readonly allScope?: boolean;
  readonly not?: boolean;
  /** The searched record must be a row of `table` whose `key` is that id (1003 otherwise; session 27: a role's menus). */
  readonly exists?: { readonly table: string; readonly key: string };
}
