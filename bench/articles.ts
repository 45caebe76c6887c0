// Articles benchmark (`npm run bench`, part "articles"): 100,000 articles over 50 columns, 10 connections.
//  - /api/article/list for every scenario of listScenarios.ts beside its anchor of the same run: a bare
//    Fastify route replaying the SQL the list ran for that call (all of it, and the list's own statements).
//  - queryEsArticle (top 20) for common 2- and 4-character keywords beside the bare FTS5 (GIN) top 20.
//  - a trivial authenticated route beside a bare GET.
import autocannon from 'autocannon';
import { startChild } from './lib/child';
import { RECONNECT_RATE, type LoadFigures } from './lib/load';
import { listScenarios } from './listScenarios';
import { draftWriter, idleSaves, saveFig, whileWriting } from './lib/staffWriter';

interface ServerInfo { port: number; barePort: number; token: string; rows: number; columns: number; columnId: number; seedMs: number; indexMs: number; indexed: number; dialect: string; statements: { all: number; list: number; cached: number; afterWrite?: number }[] }
type Figures = LoadFigures & { totalRow: number; capped: boolean; cpu?: CpuPerRequest };
/** The server process's CPU per answered request (ms, all threads) and its request thread's share (session 28). */
interface CpuPerRequest { processMs: number; mainMs: number | null }
interface CpuReading { user: number; system: number; mainMs: number | null }

/** CPU of the server process over a load: less disturbed by a shared machine than req/s (bench/articlesServer.ts /cpu). */
async function cpuOver<T extends LoadFigures>(cpuUrl: string | undefined, work: () => Promise<T>): Promise<T & { cpu?: CpuPerRequest }> {
  if (!cpuUrl) return work();
  const read = async () => (await (await fetch(cpuUrl)).json()) as CpuReading;
  const before = await read();
  const result = await work();
  const after = await read();
  const n = Math.max(1, result.requests);
  const round = (ms: number) => Math.round((ms / n) * 1000) / 1000;
  const main = after.mainMs !== null && before.mainMs !== null ? round(after.mainMs - before.mainMs) : null;
  return { ...result, cpu: { processMs: round((after.user + after.system - before.user - before.system) / 1000), mainMs: main } };
}

async function load(url: string, opts: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; duration: number; connections?: number; cpuUrl?: string }): Promise<Figures> {
  return cpuOver(opts.cpuUrl, () => loadOnce(url, opts));
}

async function loadOnce(url: string, opts: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; duration: number; connections?: number }): Promise<Figures> {
  const connections = opts.connections ?? 10;
  const headers = { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...opts.headers };
  const body = opts.body ? JSON.stringify(opts.body) : undefined;
  const result = await autocannon({ url, method: opts.method, connections, duration: opts.duration, headers, body, reconnectRate: RECONNECT_RATE });
  // One more call checks the envelope: a refused call would look fast.
  const env = (await (await fetch(url, { method: opts.method, headers, body })).json()) as { errorCode: string; data?: { totalRow?: number; totalCapped?: boolean } };
  return {
    url,
    connections,
    durationSeconds: opts.duration,
    requests: result.requests.total,
    // Answers that count: a non-2xx answer is reported beside the figure (ERR), never inside it.
    requestsPerSecond: Math.round(result['2xx'] / opts.duration),
    latencyMedianMs: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + (env.errorCode === '0' ? 0 : 1),
    totalRow: env.data?.totalRow ?? 0,
    capped: env.data?.totalCapped === true,
  };
}

export const SEARCH_KEYWORDS = ['会议', '发展', '营商环境', '乡村振兴'];

export async function benchArticles(duration: number) {
  const started = performance.now();
  const server = await startChild<ServerInfo>('bench/articlesServer.ts');
  const startMs = Math.round(performance.now() - started);
  try {
    const { port, barePort, token, columnId } = server.info;
    const base = `http://127.0.0.1:${port}`;
    const bareBase = `http://127.0.0.1:${barePort}`;
    const headers = { Authorization: token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
    const bareGet = await load(`${bareBase}/bare`, { method: 'GET', duration });
    const userInfo = await load(`${base}/user/info/view`, { method: 'GET', headers, duration });
    // Our figures with the result caches (the default) and without them (/result-caches/off); the search also
    // with its answers off but match counts kept (/result-caches/counts: a page nobody asked before).
    const caches = (mode: 'on' | 'counts' | 'off') => fetch(`${bareBase}/result-caches/${mode}`, { method: 'POST' });
    // Issue 26: a member of staff saves a draft every 200 ms beside the loads marked "writing"; the same
    // save on the idle server first. RSS of the server before and after each load.
    const writer = await draftWriter(base, headers, columnId);
    const idle = await idleSaves(writer, Math.min(duration, 5));
    const mem = `${bareBase}/memory`;
    const lists = [];
    for (const [i, s] of listScenarios(columnId).entries()) {
      const cpuUrl = `${bareBase}/cpu`;
      const list = () => load(`${base}/api/article/list`, { method: 'POST', body: s.body, headers, duration, cpuUrl });
      const ours = await whileWriting(null, mem, list);
      const cachedWriting = await whileWriting(writer, mem, list);
      const sameSql = await whileWriting(writer, mem, () => load(`${bareBase}/replay/${i}`, { method: 'POST', body: s.body, duration, cpuUrl }));
      await caches('off');
      const uncached = await whileWriting(writer, mem, list);
      await caches('on');
      const listSql = await load(`${bareBase}/replay/${i}?part=list`, { method: 'POST', body: s.body, duration });
      lists.push({ name: s.name, body: s.body, statements: server.info.statements[i], ours, cachedWriting, uncached, sameSql, listSql });
    }
    const searches = [];
    // BENCH_LIST_ONLY=1: the lists alone (while developing them).
    for (const kw of process.env.BENCH_LIST_ONLY === '1' ? [] : SEARCH_KEYWORDS) {
      const q = `keyword=${encodeURIComponent(kw)}&pageNumber=1&pageSize=20`;
      const ours = await load(`${base}/api/article/queryEsArticle?${q}`, { method: 'GET', duration });
      const bare = await load(`${bareBase}/fts?keyword=${encodeURIComponent(kw)}`, { method: 'GET', duration });
      await caches('counts');
      const pages = await load(`${base}/api/article/queryEsArticle?${q}`, { method: 'GET', duration });
      await caches('off');
      const uncached = await whileWriting(writer, mem, () => load(`${base}/api/article/queryEsArticle?${q}`, { method: 'GET', duration }));
      await caches('on');
      searches.push({ keyword: kw, ours, pages, uncached, bare });
    }
    const lastMonth = await load(`${base}/api/article/queryEsArticle?keyword=${encodeURIComponent('会议')}&dateType=1&pageNumber=1&pageSize=20`, { method: 'GET', duration });
    return {
      dialect: server.info.dialect,
      articles: server.info.rows,
      columns: server.info.columns,
      seedMs: server.info.seedMs,
      indexMs: server.info.indexMs,
      indexedPublished: server.info.indexed,
      serverStartMs: startMs,
      bareGet,
      userInfo,
      idleSaves: idle,
      lists,
      searches,
      searchLastMonth: lastMonth,
    };
  } finally {
    await server.stop();
  }
}

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '—');
const cpuFig = (f: Figures) => (f.cpu ? ` cpu ${f.cpu.processMs} ms/req (main ${f.cpu.mainMs ?? '—'})` : '');
const fig = (f: LoadFigures) => `${String(f.requestsPerSecond).padStart(6)} req/s p50 ${String(f.latencyMedianMs).padStart(3)} p99 ${String(f.latencyP99Ms).padStart(4)} ms${f.errors || f.non2xx ? ` ERR ${f.errors}/${f.non2xx}` : ''}`;

export function printArticles(r: Awaited<ReturnType<typeof benchArticles>>) {
  console.log(`\nArticles: ${r.articles} over ${r.columns} columns seeded in ${r.seedMs} ms, ${r.indexedPublished} indexed in ${r.indexMs} ms (${r.dialect}), 10 connections`);
  console.log(`trivial authenticated /user/info/view ${fig(r.userInfo)}   bare GET ${fig(r.bareGet)}   ratio ${ratio(r.userInfo.requestsPerSecond, r.bareGet.requestsPerSecond)}`);
  console.log('\n/api/article/list vs a bare route replaying the same SQL (all statements | the list\'s own, without authentication)');
  console.log('(ours = with the list result cache, the default, nobody writing; writing = a draft saved every 200 ms meanwhile;');
  console.log(' uncached = the result caches off, writing. Ratios against same SQL, itself measured while writing; goal uncached ≥ 0.9)');
  console.log(`a draft save on the idle server: ${saveFig(r.idleSaves)} (goal while loaded: p50 ≤ ${2 * r.idleSaves.p50Ms} ms)`);
  for (const l of r.lists) {
    console.log(`${l.name.padEnd(32)} ours ${fig(l.ours)} | writing ${fig(l.cachedWriting)} ${saveFig(l.cachedWriting.saves, r.idleSaves)} | same SQL ${fig(l.sameSql)}${cpuFig(l.sameSql)} | uncached ${fig(l.uncached)}${cpuFig(l.uncached)} ratio ${ratio(l.uncached.requestsPerSecond, l.sameSql.requestsPerSecond)} (cpu ${ratio(l.sameSql.cpu?.processMs ?? 0, l.uncached.cpu?.processMs ?? 0)}) ${saveFig(l.uncached.saves, r.idleSaves)} | list SQL ${fig(l.listSql)} | RSS ${l.ours.rssMb.start}→${l.uncached.rssMb.end} MB (stmts: uncached ${l.statements?.all}, first after a write ${l.statements?.afterWrite}, list ${l.statements?.list}, cached ${l.statements?.cached})`);
  }
  console.log('\nqueryEsArticle top 20 vs bare FTS top 20 (goal p99 ≤ 20 ms; ours = with the result cache; pages = each page built, match counts kept until the index changes; uncached = nothing kept)');
  for (const s of r.searches) {
    console.log(`“${s.keyword}” ours ${fig(s.ours)} totalRow ${s.ours.totalRow}${s.ours.capped ? '+' : ''} | bare ${fig(s.bare)} | ratio ${ratio(s.ours.requestsPerSecond, s.bare.requestsPerSecond)} | pages ${fig(s.pages)} ratio ${ratio(s.pages.requestsPerSecond, s.bare.requestsPerSecond)} | uncached ${fig(s.uncached)} ratio ${ratio(s.uncached.requestsPerSecond, s.bare.requestsPerSecond)} ${saveFig(s.uncached.saves, r.idleSaves)} RSS ${s.uncached.rssMb.start}→${s.uncached.rssMb.end} MB`);
  }
  console.log(`“会议” dateType 1 ours ${fig(r.searchLastMonth)} totalRow ${r.searchLastMonth.totalRow}${r.searchLastMonth.capped ? '+' : ''}`);
}
