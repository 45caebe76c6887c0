import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorkerSlots } from '../../../shared/workerSlots.js';

/** The worker's file, as a path (a URL object of a test environment's own is refused by Worker). */
const WRITER = join(dirname(fileURLToPath(import.meta.url)), 'tallyWriter.mjs');

/** TALLY_WORKER=0 keeps the search's tallies' writes on the request thread (as before session 32). */
export const tallyWorkerWanted = (asked: string | undefined) => asked?.trim() !== '0';

/** One row of search_stat's upsert: day, keyword, searches, zero-result searches, clicks, rewritten to. */
export type StatRow = [string, string, number, number, number, string | null];

/**
 * The writer thread of the search's tallies on SQLite (tallyWriter.mjs, issue 25, session 32): one worker with its
 * own connection, started with the first chunk. Each method answers true once the chunk is committed there, false
 * when the caller must write it itself (the worker not ready yet, dead, or the writer closed); it rejects with the
 * worker's SQL error (a chunk that failed is not written twice).
 */
export function createTallyWriter(file: string, log: (error: unknown) => void) {
  const slots = createWorkerSlots({
    file: WRITER,
    workerData: { file },
    heapMb: 32,
    size: 1,
    name: 'tally writer',
    isReady: (m) => (m as { ready?: boolean }).ready === true,
    log,
  });
  const send = async (job: object): Promise<boolean> => {
    const reply = (await slots.send((id) => ({ id, ...job }))) as { failed?: string } | Error | null;
    if (reply === null || reply instanceof Error) return false;
    if (reply.failed) throw new Error(`tally writer: ${reply.failed}`);
    return true;
  };
  return {
    /** Searched words' counts (hotWords/index.ts `recordSearchWords`). */
    words: (words: readonly (readonly [string, number])[], now: string) => send({ kind: 'words', words, now }),
    /** Search statistics (statTally.ts). */
    stats: (rows: readonly StatRow[]) => send({ kind: 'stats', rows }),
    /** Resolves once the worker can take chunks (starting it): tests and the bench, never a request. */
    ready: () => slots.ready(),
    close: () => slots.close(),
  };
}

export type TallyWriter = ReturnType<typeof createTallyWriter>;
