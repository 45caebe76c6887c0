// Records the SQL a request runs (both dialects), by wrapping the executor's executeQuery: the bare
// anchor route then replays exactly those statements on the same database.
import type { Kysely } from 'kysely';

export interface CapturedQuery {
  sql: string;
  parameters: readonly unknown[];
}

interface ExecutorLike {
  executeQuery(compiled: CapturedQuery & Record<string, unknown>, ...rest: unknown[]): Promise<unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function installCapture(db: Kysely<any>) {
  let sink: CapturedQuery[] | null = null;
  const proto = Object.getPrototypeOf(db.getExecutor()) as ExecutorLike;
  const original = proto.executeQuery;
  proto.executeQuery = function (this: ExecutorLike, compiled, ...rest) {
    sink?.push({ sql: compiled.sql, parameters: [...compiled.parameters] as unknown[] });
    return original.call(this, compiled, ...rest);
  };
  return {
    async during(work: () => Promise<unknown>): Promise<CapturedQuery[]> {
      sink = [];
      try {
        await work();
        return sink;
      } finally {
        sink = null;
      }
    },
  };
}
