import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resultCaches } from '../../../auth/cacheVersions.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue } from '../../../http/errors.js';
import { queryOf } from '../../../http/params.js';
import { readSearch, text } from './params.js';
import { createSearchCache } from './resultCache.js';
import { SEARCH_INPUT } from './inputs.js';
import { searchStatRoutes } from './statRoutes.js';
import { createStatTally } from './statTally.js';
import { suggestionsFor } from './suggest.js';
import type { UnderstandingStore } from './understanding/store.js';
import type { Tools } from './understanding/understand.js';
import { answerSearch } from './worker/answer.js';
import type { SearchPool } from './worker/pool.js';
import type { SearchAnswer, SearchJob } from './worker/protocol.js';
import { createWordTally } from './wordTally.js';
import { createTallyWriter, tallyWorkerWanted } from './tallyWriter.js';

/** Searches within one second that start the search workers. */
const BUSY_SEARCHES = 30;

/**
 * GET /api/article/queryEsArticle and /queryEsArticleZWGK: public full-text search of published articles;
 * with `sortType` (relevance | time) the understood search with facets and service entries (smart.ts).
 * GET /api/article/searchSuggest: suggestions as the citizen types. Statistics: statRoutes.ts.
 */
export async function searchRoutes(app: FastifyInstance, opts: { understanding: UnderstandingStore; pool: SearchPool | null }) {
  const db = app.db;
  const pub = { config: { public: true }, attachValidation: true };
  // Results cached until the index or a shown field changes (resultCache.ts); hot words counted off the path.
  // The answer is kept as the bytes sent: a hit costs the counter read and the send. Match counts are kept the same
  // way for every page of a query (paging through a common word counts once).
  const cached = createSearchCache<Buffer>();
  // The understood search keeps what the statistics need beside the text (no parse of the answer per search).
  const smartCached = createSearchCache<SearchAnswer>();
  const counts = createSearchCache<number>(() => resultCaches.counts);
  // On SQLite the hot-word counts and statistics are written by a thread of their own (tallyWriter.ts, session 32; TALLY_WORKER=0: here).
  const { dataDir } = app.portal.config;
  const writer = app.portal.dialect === 'sqlite' && tallyWorkerWanted(process.env.TALLY_WORKER) ? createTallyWriter(path.join(dataDir, 'portal.sqlite'), (e) => app.log.error(e)) : null;
  const words = createWordTally(db, (e) => app.log.error(e), writer);
  const stats = createStatTally(db, (e) => app.log.error(e), writer);
  const { understanding, pool } = opts;
  // A search worker answers when one is ready (SQLite, worker/pool.ts), else this thread, with the same code;
  // a worker's failure is answered here again, so a caller sees this thread's answer or error.
  // The workers start once BUSY_SEARCHES searches (not answered from the cache) come within a second
  // (worker/pool.ts). On the request thread a search completes within one turn, so overlap cannot tell.
  let second = 0;
  let inSecond = 0;
  const busy = () => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) [second, inSecond] = [now, 0];
    return ++inSecond >= BUSY_SEARCHES;
  };
  const answer = (job: SearchJob, tools: () => Promise<Tools>) => {
    const here = () => answerSearch(db, job, tools, counts);
    return pool?.run(job, resultCaches.counts, busy())?.catch(here) ?? here();
  };
  app.addHook('onClose', async () => Promise.all([words.flush(), stats.flush()]).then(() => writer?.close()));
  const handle = (zwgk: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const q = queryOf(request);
    const s = await readSearch(db, q, zwgk);
    const keyword = text(q.keyword);
    if (s.sort && keyword) {
      // The understood search: staff changes (synonyms, services) are part of the cache key through the tools.
      const tools = await understanding.get();
      const key = { s, keyword, tools: tools.config.services.length + tools.lexicon.size, v: understandingVersion(tools) };
      const { body, total, searched } = await smartCached(db, key, () => answer({ kind: 'smart', s, keyword }, async () => tools));
      if (s.pageNumber === 1) stats.search(keyword, total, searched);
      if (s.pageNumber === 1) words.add(keyword);
      return reply.type('application/json; charset=utf-8').send(body);
    }
    const body = await cached(db, s, async () => (await answer({ kind: 'plain', s }, () => understanding.get())).body);
    // A search from the portal counts its keyword once (first page only) for the hot-words block.
    if (s.pageNumber === 1 && typeof q.keyword === 'string') words.add(q.keyword);
    return reply.type('application/json; charset=utf-8').send(body);
  };
  app.get('/api/article/queryEsArticle', { ...pub, schema: SEARCH_INPUT.search }, handle(false));
  app.get('/api/article/queryEsArticleZWGK', { ...pub, schema: SEARCH_INPUT.search }, handle(true));
  app.get('/api/article/searchSuggest', { ...pub, schema: SEARCH_INPUT.suggest }, async (request) => {
    const q = queryOf(request);
    const input = text(q.keyword);
    if ([...input].length > 50) throw invalidValue('关键词长度不能超过50个字符');
    const size = Math.min(Math.max(Number(text(q.size)) || 8, 1), 20);
    return ok(await suggestionsFor(db, input, await understanding.get(), size));
  });
  await searchStatRoutes(app, stats);
}

/** Identity of a loaded set of staff tables (a new load is a new object): part of the answer cache key. */
const versions = new WeakMap<object, number>();
let nextVersion = 1;
function understandingVersion(tools: object): number {
  let v = versions.get(tools);
  if (v === undefined) versions.set(tools, (v = nextVersion++));
  return v;
}
