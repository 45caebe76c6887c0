import type { DynamicDb } from '../../db/types.js';

/**
 * Work that must wait for the operation's commit (a search index, static pages, audio: things outside the
 * database that must not see, or act on, a change that may still roll back). `ctx.afterCommit(fn)` queues
 * `fn` on the transaction the local API (or a generic route) opened; it runs once that transaction has
 * committed, in order, and never when it rolled back. A failing `fn` is reported and does not undo the change.
 */
type Task = () => unknown;
const queues = new WeakMap<object, Task[]>();

/** Runs `fn` in a new transaction whose after-commit tasks run after it commits; answers `fn`'s result. */
export async function committing<T>(db: DynamicDb, fn: (trx: DynamicDb) => Promise<T>): Promise<T> {
  const queue: Task[] = [];
  const result = await db.transaction().execute((trx) => {
    queues.set(trx, queue);
    return fn(trx);
  });
  for (const task of queue) await task();
  return result;
}

/**
 * Queues `task` after the commit of `trx`. Outside a transaction the change is already stored and the task
 * runs at once; so it does in a transaction the local API did not open (a module's own), after which the
 * module answers for what it writes.
 */
export async function afterCommit(trx: DynamicDb, task: Task, onError: (error: unknown) => void): Promise<void> {
  const guarded = async () => {
    try {
      await task();
    } catch (error) {
      onError(error);
    }
  };
  const queue = queues.get(trx);
  if (queue) queue.push(guarded);
  else await guarded();
}
