import type { Db } from '../../db/types.js';
import { manifestOf } from './guard/manifest.js';
import { recordShown } from './shownIndex.js';
import { recordWritten, type RenderPool } from './worker/pool.js';
import type { PageJob, WrittenFile } from './worker/protocol.js';
import { beginSiteWrite } from './writer.js';

/** Pages sent to a render worker at once (a template error stops before the batch is written). */
export const PAGE_BATCH = 50;
/**
 * Pages whose manifest rows are recorded in one transaction (issue 26, session 30): a batch's own
 * transaction, one commit per 50 pages, was about a seventh of the main thread's time in a full run.
 */
const RECORD_GROUP = 1000;

/**
 * Renders and writes pages in batches of PAGE_BATCH, keeping at most three batches per worker in flight (two
 * at the worker, one waiting in the pool): the workers keep busy while this thread reads the next chunk.
 * The site guard's rows of the written pages are recorded RECORD_GROUP at a time (and whatever is left at the
 * end, failed or not) while the whole run holds its write to the site open, renewed with every batch, so no
 * check here or on another instance takes a written page not yet recorded for tampering.
 */
export async function writeJobs(
  gen: { pool: RenderPool; db: Db; root: string },
  run: number,
  jobs: AsyncIterable<PageJob[]> | Iterable<PageJob[]>,
  onDone?: (rels: string[]) => void,
): Promise<number> {
  const guard = manifestOf(gen.root);
  const end = await beginSiteWrite(gen.root);
  let unrecorded: WrittenFile[] = [];
  const record = async () => {
    const group = unrecorded;
    unrecorded = [];
    if (guard && group.length) await recordWritten(guard, group);
  };
  const inFlight = new Set<Promise<void>>();
  let count = 0;
  let failure: unknown = null;
  try {
    for await (const chunk of jobs) {
      for (let i = 0; i < chunk.length && !failure; i += PAGE_BATCH) {
        const batch = chunk.slice(i, i + PAGE_BATCH);
        const written: WrittenFile[] = [];
        const p: Promise<void> = gen.pool.render(run, batch, true, written).then(
          async () => {
            unrecorded.push(...written);
            await (unrecorded.length >= RECORD_GROUP ? record() : guard?.manifest.stillWriting());
            await recordShown(gen.db, batch);
            count += batch.length;
            onDone?.(batch.map((j) => j.rel));
          },
          (error: unknown) => {
            failure ??= error;
          },
        );
        const tracked = p.catch((error: unknown) => {
          failure ??= error;
        }).finally(() => inFlight.delete(tracked));
        inFlight.add(tracked);
        if (inFlight.size >= gen.pool.size * 3) await Promise.race(inFlight);
      }
      if (failure) break;
    }
    await Promise.all(inFlight);
  } finally {
    await Promise.all(inFlight);
    await record().finally(end);
  }
  if (failure) throw failure;
  return count;
}
