/**
 * Behaviour attached to a declaration (docs/extending.md), in the manner of Payload CMS collections:
 * hooks around each operation, access functions per operation and the context they receive. Plain
 * types and functions: the server implements the context, so nothing here imports server code.
 */

/** A record as the API reads and writes it. */
export type RecordData = Record<string, unknown>;

/** The caller's data permission (docs/api-conventions.md): own records, own department, with sub-departments, all. */
export type DataScopeKind = 'SELF' | 'DEPART' | 'DEPARTS' | 'ALL';

/** Who is calling, as hooks and access functions see it. */
export interface CallerInfo {
  readonly userId: number;
  readonly username: string;
  readonly name: string;
  readonly deptId: number | null;
  readonly deptName: string | null;
  readonly roleNames: readonly string[];
  readonly dataScope: DataScopeKind;
  /** True when the caller's roles hold this permission key. */
  has(permission: string): boolean;
}

/** Column values a query matches exactly (`{ area: 'grainData', status: [1, 2] }`: an array is "one of"). */
export type WhereData = Readonly<Record<string, string | number | null | readonly (string | number)[]>>;

/**
 * A condition built with the server's query builder (Kysely's `(eb) => eb.and([...])`), typed as the server
 * sees it in server/crud/entity/types.ts; the shared side only passes it on.
 */
export type WhereBuilder = (eb: never) => unknown;

/** True when the record matches every entry (an action's `when`): the server refuses, the UI hides the button. */
export function inState(record: RecordData, when: WhereData | undefined): boolean {
  if (!when) return true;
  return Object.entries(when).every(([column, wanted]) => {
    const have = record[column];
    if (wanted === null) return have === null || have === undefined;
    const options: readonly (string | number)[] = Array.isArray(wanted) ? wanted : [wanted as string | number];
    return options.some((w) => String(w) === String(have));
  });
}

/**
 * What the server gives a hook: reads and writes of the declaration's own table (and others by name)
 * inside the operation's transaction, so a refusal thrown after a write rolls everything back.
 */
export interface HookStore {
  find(where: WhereData, table?: string): Promise<RecordData[]>;
  insert(values: RecordData, table?: string): Promise<number>;
  update(where: WhereData, values: RecordData, table?: string): Promise<number>;
  remove(where: WhereData, table?: string): Promise<number>;
}

export interface HookContext {
  readonly user: CallerInfo;
  readonly store: HookStore;
  /** 'YYYY-MM-DD HH:mm:ss' of this operation. */
  readonly now: string;
}

export type Awaitable<T> = T | Promise<T>;

export interface ChangeArgs {
  readonly operation: 'create' | 'update';
  /** The values to write: a hook may change them and answer the new ones. */
  readonly data: RecordData;
  /** The stored record before an update. */
  readonly original?: RecordData;
  readonly ctx: HookContext;
}

export interface Hooks {
  /** Before the field rules: normalise the raw body (trim, defaults that depend on other fields). */
  readonly beforeValidate?: readonly ((args: ChangeArgs) => Awaitable<RecordData | void>)[];
  /** After the field rules, before writing, in the transaction: cross-field rules, uniqueness, derived columns. */
  readonly beforeChange?: readonly ((args: ChangeArgs) => Awaitable<RecordData | void>)[];
  /** After writing, in the transaction: side effects (other tables, counters, reminders). */
  readonly afterChange?: readonly ((args: { readonly operation: 'create' | 'update'; readonly record: RecordData; readonly previous?: RecordData; readonly ctx: HookContext }) => Awaitable<void>)[];
  /** On every record answered by list, get and save: add or hide values. */
  readonly afterRead?: readonly ((args: { readonly record: RecordData; readonly user: CallerInfo }) => RecordData | void)[];
  /** On the one record a get answers (the detail view), after afterRead: add values read from other tables. */
  readonly afterGet?: readonly ((args: { readonly record: RecordData; readonly ctx: HookContext }) => Awaitable<RecordData | void>)[];
  /** Values added to the one record a declared `one` read with `detail.hooks` answers (resources/shape/readDetail.ts). */
  readonly readDetail?: readonly ((args: { readonly record: RecordData; readonly ctx: HookContext }) => Awaitable<RecordData>)[];
  /**
   * Values read from other tables (a department's name, the names of linked records) added to every record
   * a list page, a detail view and a save answer carry: one call per page, in the transaction.
   */
  readonly enrich?: readonly ((args: { readonly records: readonly RecordData[]; readonly ctx: HookContext }) => Awaitable<readonly RecordData[]>)[];
  /** Before a delete, in the transaction, with the records about to go: refuse or clean up. */
  readonly beforeDelete?: readonly ((args: { readonly records: readonly RecordData[]; readonly ctx: HookContext }) => Awaitable<void>)[];
  /** After a delete, in the transaction, with the records gone: counters elsewhere (a plate's topic count). */
  readonly afterDelete?: readonly ((args: { readonly records: readonly RecordData[]; readonly ctx: HookContext }) => Awaitable<void>)[];
  /**
   * The save call's answer, after the commit: values to add to the answered record and the envelope's
   * message (e.g. what the server changed in what was sent); gets the request body as sent.
   */
  readonly afterSave?: readonly ((args: SaveAnswerArgs) => Awaitable<SaveAnswer | void>)[];
  /** Records reachable beyond the data scope for an operation (a WhereData ORed with it; server/crud/entity/types.ts). */
  readonly grant?: readonly ((args: { readonly operation: string; readonly ctx: HookContext; readonly search?: RecordData }) => Awaitable<WhereData | void>)[];
  /**
   * The list call's page before it is answered, with the search: per-caller values of its records (a
   * reader's read time) and values beside the page (`unreadCount`); answers the page to send.
   */
  readonly afterList?: readonly ((args: { readonly page: ListPage; readonly search: RecordData; readonly ctx: HookContext }) => Awaitable<ListPage>)[];
  /**
   * A list's search values that are no column (角色's deptId: roles held in a department): conditions ANDed
   * with the declared filters and the data scope, e.g. `{ roleId: [ids] }`; or, in a server behaviour file,
   * a condition of the query builder for comparisons and `or` (依申请公开's overdue: pending and past the deadline).
   */
  readonly listWhere?: readonly ((args: { readonly search: RecordData; readonly ctx: HookContext }) => Awaitable<WhereData | WhereBuilder | void>)[];
}

/** A list call's page (docs/api-conventions.md), with any values a hook adds beside it. */
export interface ListPage {
  readonly list: readonly RecordData[];
  readonly currPage: number;
  readonly totalRow: number;
  readonly totalPage: number;
  readonly [extra: string]: unknown;
}

export interface SaveAnswerArgs {
  readonly operation: 'create' | 'update';
  readonly body: RecordData;
  readonly record: RecordData;
  /** Reads after the commit (the server's context). */
  readonly ctx: HookContext;
}

export interface SaveAnswer {
  readonly data?: RecordData;
  readonly message?: string;
}

/**
 * Who may do an operation beyond the permission key: `true` lets through, `false` refuses (没有访问权限),
 * a WhereData narrows the records the caller reaches (as data scopes do).
 */
export type AccessResult = boolean | WhereData;
export type AccessFn = (args: { readonly user: CallerInfo }) => Awaitable<AccessResult>;

export interface AccessDecl {
  readonly list?: AccessFn;
  readonly get?: AccessFn;
  readonly create?: AccessFn;
  readonly update?: AccessFn;
  readonly delete?: AccessFn;
}

/**
 * A refusal the client is meant to read: thrown by hooks and actions, answered as the envelope with
 * `errorCode` (1001 missing, 1002 invalid, 1003 not found, 1004 duplicate, 1005 state) and this message.
 */
export class Refusal extends Error {
  constructor(
    readonly code: 1001 | 1002 | 1003 | 1004 | 1005,
    message: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
