import type { RecordData } from '../behaviour';

/**
 * An action that saves the record as well (server/crud/actionSaves.ts): "修改并初审通过" — the record's field
 * values and a workflow step in one call, at a path of its own behind the action's key.
 */
export interface ActionEditDecl {
  readonly path: string;
  /** What the entity's hooks see of the call (the history names it): 'updateAndAccept', 修改并初审通过. */
  readonly name: string;
  readonly label: string;
  /** The record's key: the first of these given, body before query (default the id field, then `id`). */
  readonly idParams?: readonly string[];
  /**
   * `'run'`: the action's run writes the values itself with its step (it gets them as `edit`: one write, one
   * history entry — 文章). Default: the generic update as the caller first, then the run, in one transaction.
   */
  readonly writes?: 'run';
  /** The answer's message (default 操作成功, or what the `afterSave` hooks say). */
  readonly success?: string;
}

/** What a run gets with `edits.writes: 'run'`: the body's field values and the call they came by. */
export interface ActionEdit {
  readonly values: RecordData;
  readonly via: ActionEditDecl;
}

/**
 * A copy action (server/crud/actionCopy.ts, no `run` to write): each record it names becomes a new record
 * through the local API's create (the entity's hooks see `copiedFrom(data)`, the source record).
 */
export interface ActionCopyDecl {
  /** The fields taken from the source. */
  readonly fields: readonly string[];
  /** Values every copy gets (a hand-set order back to 0). */
  readonly values?: Readonly<Record<string, string | number | null>>;
  /** A field the caller may set for every copy (the column to copy into): the first of `params` given, else the source's value. */
  readonly target?: { readonly field: string; readonly params: readonly string[] };
}
