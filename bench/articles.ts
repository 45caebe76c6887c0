// Issue-4 benchmark (`npm run bench`, part 3): 100,000 articles over 50 columns; median and p99 latency
// of /api/article/list (page 1 and page 1,000 of one column) and of queryEsArticle with a 2- and a
// 4-character Chinese keyword, each beside a bare Fastify route of the same run (same process, GET/POST).
// Latencies are under 10 connections (queueing included); the search also once with 1 connection.
import autocannon from 'autocannon';
import { startChild } from './lib/child';
import type { LoadFigures } from './lib/load';

interface ServerInfo { port: number; barePort: number; token: string; rows: number; columns: number; columnId: number; seedMs: number; indexMs: number; indexed: number; dialect: string }

async function load(url: string, opts: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; duration: number; connections?: number }): Promise<LoadFigures & { okResponses: number }> {
  let failures = 0;
  const connections = opts.connections ?? 10;
  const result = await autocannon({
    url,
    method: opts.method,
    connections,
    duration: opts.duration,
    headers: { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  // One more call checks the envelope: a refused call would look fast.
  const check = await fetch(url, { method: opts.method, headers: { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...opts.headers }, body: opts.body ? JSON.stringify(opts.body) : undefined });
  const env = (await check.json()) as { errorCode: string; data?: { totalRow?: number } };
  if (env.errorCode !== '0') failures++;
  return {
    url,
    connections,
    durationSeconds: opts.duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMedianMs: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + failures,
    okResponses: env.data?.totalRow ?? 0,
  };
}

export async function benchArticles(duration: number) {
  const started = performance.now();
  const server = await startChild<ServerInfo>('bench/articlesServer.ts');
  const startMs = Math.round(performance.now() - started);
  try {
    const { port, barePort, token, columnId } = server.info;
    const base = `http://127.0.0.1:${port}`;
    const headers = { Authorization: token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
    const bareGet = await load(`http://127.0.0.1:${barePort}/bare`, { method: 'GET', duration });
    const barePost = await load(`http://127.0.0.1:${barePort}/bare`, { method: 'POST', body: { pageNum: 1, pageSize: 10 }, duration });
    const listPage1 = await load(`${base}/api/article/list`, { method: 'POST', body: { pageNum: 1, pageSize: 10, columnId }, headers, duration });
    const listPage1000 = await load(`${base}/api/article/list`, { method: 'POST', body: { pageNum: 1000, pageSize: 10, columnId }, headers: { ...headers }, duration });
    const kw2 = '会议';
    const kw4 = '营商环境';
    const search2 = await load(`${base}/api/article/queryEsArticle?keyword=${encodeURIComponent(kw2)}&pageNumber=1&pageSize=10`, { method: 'GET', duration });
    const search4 = await load(`${base}/api/article/queryEsArticle?keyword=${encodeURIComponent(kw4)}&pageNumber=1&pageSize=10`, { method: 'GET', duration });
    const search2Single = await load(`${base}/api/article/queryEsArticle?keyword=${encodeURIComponent(kw2)}&pageNumber=1&pageSize=10`, { method: 'GET', duration, connections: 1 });
    const search4Single = await load(`${base}/api/article/queryEsArticle?keyword=${encodeURIComponent(kw4)}&pageNumber=1&pageSize=10`, { method: 'GET', duration, connections: 1 });
    const search2Month = await load(`${base}/api/article/queryEsArticle?keyword=${encodeURIComponent(kw2)}&dateType=1&pageNumber=1&pageSize=10`, { method: 'GET', duration });
    return {
      dialect: server.info.dialect,
      articles: server.info.rows,
      columns: server.info.columns,
      seedMs: server.info.seedMs,
      indexMs: server.info.indexMs,
      indexedPublished: server.info.indexed,
      serverStartMs: startMs,
      keywords: { twoChars: kw2, fourChars: kw4 },
      bareGet,
      barePost,
      listPage1,
      listPage1000,
      search2,
      search4,
      search2LastMonth: search2Month,
      search2OneConnection: search2Single,
      search4OneConnection: search4Single,
    };
  } finally {
    await server.stop();
  }
}

export function printArticles(r: Awaited<ReturnType<typeof benchArticles>>) {
  const row = (name: string, f: LoadFigures & { okResponses?: number }) =>
    `${name.padEnd(40)} ${String(f.requestsPerSecond).padStart(7)} req/s   median ${String(f.latencyMedianMs).padStart(4)} ms   p99 ${String(f.latencyP99Ms).padStart(4)} ms   non-2xx ${f.non2xx}${f.okResponses !== undefined ? `   hits ${f.okResponses}` : ''}`;
  console.log(`\nArticles: ${r.articles} over ${r.columns} columns seeded in ${r.seedMs} ms, ${r.indexedPublished} published indexed for search in ${r.indexMs} ms (${r.dialect}), 10 connections`);
  console.log(row('bare Fastify GET', r.bareGet));
  console.log(row('bare Fastify POST', r.barePost));
  console.log(row('/api/article/list column page 1', r.listPage1));
  console.log(row('/api/article/list column page 1,000', r.listPage1000));
  console.log(row(`queryEsArticle “${r.keywords.twoChars}” (2 chars)`, r.search2));
  console.log(row(`queryEsArticle “${r.keywords.fourChars}” (4 chars)`, r.search4));
  console.log(row(`queryEsArticle “${r.keywords.twoChars}” dateType 1`, r.search2LastMonth));
  console.log(row(`queryEsArticle “${r.keywords.twoChars}”, 1 connection`, r.search2OneConnection));
  console.log(row(`queryEsArticle “${r.keywords.fourChars}”, 1 connection`, r.search4OneConnection));
}
