import type { RecordData } from '../../../resources/behaviour.js';
import type { ChildDecl } from '../../../resources/relations/children.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { EntityContext } from './types.js';

type Awaitable<T> = T | Promise<T>;

/**
 * A behaviour's hooks for the rows of one child collection written by its own calls (ChildDecl `rowCalls`,
 * server/crud/childRowCalls.ts), in the behaviour file's `childRows: { <collection name>: … }`.
 */
export interface ChildRowHooks {
  /** The sent body → the row's values (refusals in Chinese); before the transaction, as an entity's beforeValidate. */
  readonly beforeValidate?: (args: { readonly operation: 'create' | 'update'; readonly data: RecordData }) => Awaitable<RecordData>;
  /** In the transaction, after the keys and `unique` / `createOnly` checks: the values to write (`count`: the record's rows before). */
  readonly beforeChange?: (args: ChildRowArgs & { readonly data: RecordData; readonly count: number }) => Awaitable<RecordData | void>;
  /** After the row is written, in the transaction (自定义模型: the model's table gets the field's column). */
  readonly afterChange?: (args: ChildRowArgs & { readonly row: RecordData }) => Awaitable<void>;
}

export interface ChildRowArgs {
  readonly operation: 'create' | 'update';
  /** The record the row belongs to, as stored. */
  readonly parent: RecordData;
  /** The row as stored before an update. */
  readonly original?: RecordData;
  readonly ctx: EntityContext;
}

/** The hooks of each declared child collection (the shared declaration stays plain; set when behaviours are attached). */
const registry = new WeakMap<object, ChildRowHooks>();

/** Attaches a behaviour's `childRows` to its declaration's collections; a name no collection with `rowCalls` has stops the start. */
export function attachChildRowHooks(decl: ResourceDecl, hooks: Readonly<Record<string, ChildRowHooks>> | undefined): void {
  for (const [name, h] of Object.entries(hooks ?? {})) {
    const child = decl.children?.find((c) => c.name === name && c.rowCalls);
    if (!child) throw new Error(`server/entities/${decl.name}: 声明中没有可单独写入的子集合 ${name}`);
    registry.set(child, h);
  }
}

export const childRowHooksOf = (child: ChildDecl): ChildRowHooks => registry.get(child) ?? {};
