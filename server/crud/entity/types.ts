import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { ChangeArgs, HookContext, ListPage, RecordData, SaveAnswer, SaveAnswerArgs, WhereData } from '../../../resources/behaviour.js';
import type { PortalConfig } from '../../config.js';
import type { DynamicDb } from '../../db/types.js';
import type { ActionEdit } from '../../../resources/shape/actionSaves.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import type { ListNarrowing, Page } from '../service.js';
import type { ChildRowHooks } from './childRowHooks.js';

/**
 * A declared entity's behaviour on the server (Payload CMS's collection hooks, access and endpoints): a
 * file `server/entities/<name>.ts` registered by entity name. The shared declaration `resources/<name>.ts`
 * keeps what both sides need (fields, list, actions with paths, labels, permissions, input fields); what
 * runs server logic lives here, so none of it reaches the browser bundle.
 */

/** Options of a local-API read: equality conditions, the list's declared filters, order and a limit. */
export interface FindOptions {
  /** Column values to match (an array is "one of", null is "is null"), or a query-builder condition (server code). */
  readonly where?: ListNarrowing;
  /** Read only these columns, as stored (no joins, no enrich hooks): a count over many records need not read their bodies. */
  readonly columns?: readonly string[];
  /** Search values of the declaration's list filters (like, eq, range), as the list call takes them. */
  readonly search?: Readonly<Record<string, unknown>>;
  readonly sort?: readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
  readonly limit?: number;
}

/**
 * Options of the local API's `count`: the records `find` would read (`where`, `search`, the caller's reach),
 * counted per group in one grouped query — a column, or an expression of the query builder under a name
 * (`{ name: 'month', expr: (eb) => eb.fn('substr', [eb.ref('createTime'), eb.val(1), eb.val(7)]) }`).
 */
export interface CountOptions extends Pick<FindOptions, 'where' | 'search'> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly groupBy?: readonly (string | { readonly name: string; readonly expr: (eb: ExpressionBuilder<any, any>) => Expression<unknown> })[];
}

/** Options of the local API's `seed`. */
export interface SeedOptions {
  /** Body names that are no declared field but which the entity's hooks read (a survey's `questions`). */
  readonly inputs?: readonly string[];
}

/**
 * Payload's `req.payload`: operations on any declared entity by name, in the caller's transaction, each
 * running that entity's own hooks, access and data scope (as the caller, or as the system with `asSystem`).
 */
export interface LocalApi {
  find(entity: string, options?: FindOptions): Promise<RecordData[]>;
  findById(entity: string, id: number): Promise<RecordData | undefined>;
  /** How many records `find` would read, per value of the `groupBy` columns or expressions: `{ ...values, count }` rows (one without groups). */
  count(entity: string, options?: CountOptions): Promise<RecordData[]>;
  /**
   * The list call's page for a search; `narrow` (server code only) ANDs a condition of its own — equalities
   * or a query-builder condition such as a subquery (报送's lists: only the articles marked as submissions).
   */
  list(entity: string, search: Readonly<Record<string, unknown>>, narrow?: ListNarrowing): Promise<Page>;
  create(entity: string, data: RecordData): Promise<RecordData>;
  update(entity: string, id: number, data: RecordData): Promise<RecordData>;
  /** Deletes the records (all or nothing); answers how many went. */
  delete(entity: string, ids: readonly number[]): Promise<number>;
  /**
   * Demo data (the first start's seeds): creates the records in one transaction, each through the
   * entity's hooks, validation and unique and dictionary checks, keeping the rows' own stamps (createTime,
   * creator…), with `ctx.seed` set for the hooks. A name that is no declared field stops the seed (nothing
   * is dropped silently) unless `options.inputs` names it: a body value the entity's hooks read (a
   * survey's `questions`). Answers the created records in order.
   */
  seed(entity: string, rows: readonly RecordData[], options?: SeedOptions): Promise<RecordData[]>;
  /** Runs a declared action of the entity (its `when`, its records read in scope, its `run`). */
  runAction(entity: string, action: string, input?: { readonly ids?: readonly number[]; readonly body?: RecordData }): Promise<unknown>;
  /** The same API acting as the system: every record, every access function answered with the system caller. */
  asSystem(): LocalApi;
}

/** Services a behaviour may call (generation, search index, SMS, files…); modules provide theirs at start. */
export interface PortalServices {
  readonly config: PortalConfig;
  readonly log: FastifyBaseLogger;
  /** A service a module provided (`app.entities.provide`); throws when none was. */
  get<T>(name: string): T;
  has(name: string): boolean;
}

/** What a hook, an access function and an action's `run` get on the server. */
export interface EntityContext extends HookContext {
  /** The operation's transaction: every write of the hook commits or rolls back with the operation. */
  readonly trx: DynamicDb;
  /** The calling user as the server knows it (permissions, roles, data scope). */
  readonly caller: PortalUser;
  readonly api: LocalApi;
  readonly services: PortalServices;
  /**
   * Runs `task` once the operation's transaction has committed (never after a rollback): search indexes,
   * static pages, files. A failing task is logged; the change stands (server/crud/entity/commit.ts).
   */
  afterCommit(task: () => unknown): Promise<void>;
  /**
   * True while the first start's demo data is written (`api.seed`). A hook may then keep the values the
   * demo row gives where a new record would get its own (an ended topic's status, a replied letter's
   * stage and dates); its checks and its other work still run. Never set by a route.
   */
  readonly seed: boolean;
}

type Awaitable<T> = T | Promise<T>;

/** A list condition WhereData cannot say (comparisons, `or`): built with Kysely's expression builder. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListCondition = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

export interface EntityChangeArgs extends Omit<ChangeArgs, 'ctx'> {
  readonly ctx: EntityContext;
}

export interface EntityHooks {
  readonly beforeValidate?: readonly ((args: EntityChangeArgs) => Awaitable<RecordData | void>)[];
  readonly beforeChange?: readonly ((args: EntityChangeArgs) => Awaitable<RecordData | void>)[];
  readonly afterChange?: readonly ((args: { readonly operation: 'create' | 'update'; readonly record: RecordData; readonly previous?: RecordData; readonly ctx: EntityContext }) => Awaitable<void>)[];
  readonly afterRead?: readonly ((args: { readonly record: RecordData; readonly user: HookContext['user'] }) => RecordData | void)[];
  readonly beforeDelete?: readonly ((args: { readonly records: readonly RecordData[]; readonly ctx: EntityContext }) => Awaitable<void>)[];
  /** After a delete, in the transaction, with the records that went (e.g. `ctx.afterCommit` to tell others). */
  readonly afterDelete?: readonly ((args: { readonly records: readonly RecordData[]; readonly ctx: EntityContext }) => Awaitable<void>)[];
  /** The save call's answer, after the commit: values added to the record and the message (resources/behaviour.ts); `ctx` reads over the database. */
  readonly afterSave?: readonly ((args: SaveAnswerArgs & { readonly ctx: EntityContext }) => Awaitable<SaveAnswer | void>)[];
  /**
   * Records reachable beyond the data scope for an operation (`list`, `get`, `update`, `delete`, or
   * `action:<name>` for a declared action's records): a WhereData ORed with the scope, `{}` for every record
   * (文章's reviewers reach the articles of the columns granted to their roles). Access filters still apply.
   */
  readonly grant?: readonly ((args: { readonly operation: string; readonly ctx: EntityContext; readonly search?: RecordData }) => Awaitable<WhereData | void>)[];
  /** The list call's page with the search: per-caller values of its records, values beside it (resources/behaviour.ts). */
  readonly afterList?: readonly ((args: { readonly page: ListPage; readonly search: RecordData; readonly ctx: EntityContext }) => Awaitable<ListPage>)[];
  /** Values of other tables for every record of a list page, a detail view and a save answer (resources/behaviour.ts). */
  readonly enrich?: readonly ((args: { readonly records: readonly RecordData[]; readonly ctx: EntityContext }) => Awaitable<readonly RecordData[]>)[];
  /** The detail view's record (the get call): values of other tables (a plate's moderating roles). */
  readonly afterGet?: readonly ((args: { readonly record: RecordData; readonly ctx: EntityContext }) => Awaitable<RecordData | void>)[];
  /** Values added to the one record a declared `one` read with `detail.hooks` answers (文章's labelled model values). */
  readonly readDetail?: readonly ((args: { readonly record: RecordData; readonly ctx: EntityContext }) => Awaitable<RecordData>)[];
  /** Conditions from a list's search values that are no column (see resources/behaviour.ts). */
  readonly listWhere?: readonly ((args: { readonly search: RecordData; readonly ctx: EntityContext }) => Awaitable<WhereData | ListCondition | void>)[];
}

/**
 * Allow (`true`), deny (`false`: 403 没有访问权限) or a filter ANDed with the data scope; may be async
 * (e.g. read the caller's grants). Gets the caller and the local API as the system.
 */
export type EntityAccessFn = (args: { readonly user: HookContext['user']; readonly caller: PortalUser; readonly api: LocalApi }) => Awaitable<boolean | WhereData>;

export interface EntityAccess {
  readonly list?: EntityAccessFn;
  readonly get?: EntityAccessFn;
  readonly create?: EntityAccessFn;
  readonly update?: EntityAccessFn;
  readonly delete?: EntityAccessFn;
}

/** An action's server side: the records it applies to (read in the caller's scope), the body, the context. */
/** `edit`: the record's field values, when the call came by the action's `edits` path with `writes: 'run'` (server/crud/actionSaves.ts). */
export type ActionRun = (args: { readonly records: readonly RecordData[]; readonly body: RecordData; readonly ctx: EntityContext; readonly edit?: ActionEdit }) => Awaitable<unknown>;

/** A job run by the cluster scheduler (server/jobs/): once per interval across every instance. */
export interface EntityJob {
  readonly name: string;
  readonly everyMs: number;
  readonly run: (ctx: { readonly api: LocalApi; readonly services: PortalServices; readonly now: string }) => Promise<void>;
}

/**
 * A public operation's server side (PublicOpDecl): `check` turns the citizen's body into values (refusals
 * name the fields in Chinese) before the guard counts the call; `run` writes, in a transaction, as the
 * system, and answers what the citizen may read back.
 */
export interface PublicOpRun {
  /**
   * `api` (as the system, outside any transaction) and `services` for reads the check needs (a department that
   * must exist); `request`: the citizen's own request (a signed-in member's session token, headers).
   */
  readonly check: (args: { readonly body: RecordData; readonly api: LocalApi; readonly services: PortalServices; readonly request: FastifyRequest }) => Awaitable<RecordData>;
  readonly run: (args: { readonly values: RecordData; readonly ip: string; readonly ctx: EntityContext; readonly request: FastifyRequest }) => Awaitable<unknown>;
}

export interface EntityBehaviour {
  /** The declaration's `name`. */
  readonly name: string;
  readonly hooks?: EntityHooks;
  readonly access?: EntityAccess;
  /** `run` of the declared actions, by action name. */
  readonly actions?: Readonly<Record<string, ActionRun>>;
  readonly jobs?: readonly EntityJob[];
  /** Handlers of the declaration's public operations, by name. */
  readonly publicOps?: Readonly<Record<string, PublicOpRun>>;
  /** Hooks of the rows a child collection's `rowCalls` write, by collection name (./childRowHooks.ts). */
  readonly childRows?: Readonly<Record<string, ChildRowHooks>>;
}
