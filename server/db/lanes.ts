import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { onRequestEnd } from '../shared/requestEnd.js';

/**
 * Request lanes (issue 26): a member of staff saving an article must not queue behind ten connections
 * reading lists or searching. Each request runs in a lane: `write` for calls that change data, `read` for
 * lists, searches and every GET. The database layer uses it: on SQLite, statements of the read lane yield
 * to the event loop (one turn) before they run while a write-lane request is in flight, so a save's chain of
 * statements is not interleaved with every reader's (server/db/sqliteLanes.ts); on PostgreSQL the write
 * lane takes its connections from a pool of its own (connect.ts). Code outside a request has no lane and
 * runs as before.
 */
export type Lane = 'read' | 'write';

/** What a request's code shares: its lane, and the cache counters its authentication read (cacheVersions.ts). */
interface RequestState {
  readonly lane: Lane;
  counters?: Readonly<Record<string, number>>;
  /** The tables this request's statements wrote ('*': a raw statement that may write anything): writtenTables.ts. */
  written?: Set<string>;
}

const store = new AsyncLocalStorage<RequestState>();
let writesInFlight = 0;

/** The lane of the code running now (undefined outside a request). */
export const currentLane = (): Lane | undefined => store.getStore()?.lane;

/** The cache counters the running request read at its start (undefined outside a request, or before authentication). */
export const requestCounters = (): Readonly<Record<string, number>> | undefined => store.getStore()?.counters;

/** Remembers the counters the authentication hook read, for the code of the same request (kept lookups: columns/service.ts). */
export function keepRequestCounters(counters: Readonly<Record<string, number>>): void {
  const state = store.getStore();
  if (state) state.counters = counters;
}

/** Notes a table a statement of the running request writes (nothing outside a request). */
export function noteWrite(table: string): void {
  const state = store.getStore();
  if (state) (state.written ??= new Set()).add(table);
}

/** True when the running request wrote one of `tables` (or ran a raw statement that may have). */
export function requestWrote(tables: readonly string[]): boolean {
  const written = store.getStore()?.written;
  return !!written && (written.has('*') || tables.some((t) => written.has(t)));
}

/** True while some write-lane request is being answered: only then do readers yield. */
export const writersWaiting = () => writesInFlight > 0;

/** A POST whose last path segment names a read (list, page, query, search, find, view, …). */
const READ_SEGMENT = /^(list\w*|\w*List|page\w*|query\w*|search\w*|find\w*|view|detail|info|tree|count\w*|export\w*|get\w*)$/i;

export function laneOf(method: string, url: string): Lane {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return 'read';
  const path = url.split('?')[0] ?? '';
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return READ_SEGMENT.test(last) ? 'read' : 'write';
}

/** Runs every request of `app` in its lane and counts the write lane's requests in flight. */
export function installLanes(app: FastifyInstance): void {
  const counted = new WeakSet<FastifyRequest>();
  const finished = (request: FastifyRequest) => {
    if (counted.delete(request)) writesInFlight--;
  };
  // A route of one method and no parameters has one lane: worked out once per route (session 31; the split
  // and the pattern cost every request a few µs). Keyed by the route's config object, the same on every call.
  const fixedLanes = new WeakMap<object, Lane>();
  const laneOfRequest = (request: FastifyRequest): Lane => {
    const config = request.routeOptions.config as { url?: string; method?: unknown } | undefined;
    const kept = config && fixedLanes.get(config);
    if (kept) return kept;
    const lane = laneOf(request.method, request.url);
    const pattern = config?.url;
    if (config && !request.is404 && config.method === request.method && pattern && !/[:*]/.test(pattern)) fixedLanes.set(config, lane);
    return lane;
  };
  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    const lane = laneOfRequest(request);
    if (lane === 'write') {
      writesInFlight++;
      counted.add(request);
      // Whichever comes first: the answer sent, the request aborted, the socket closed.
      reply.raw.once('close', () => finished(request));
    }
    store.run({ lane }, done);
  });
  onRequestEnd(app, finished);
}

/** Runs `work` in `lane` (tests and jobs). */
export const inLane = <T>(lane: Lane, work: () => T): T => store.run({ lane }, work);
