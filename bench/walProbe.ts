// Developer aid (issue 26, session 32): why a draft save slows down with its own saves in the soak. The articles
// bench's server on a kept SQLite database (BENCH_KEEP_DIR, required), answer caches off, then:
//  1. idle, alternating: a save of OLD_DRAFT (an article with thousands of earlier saves, if given) and of a fresh
//     draft — per-save growth shows as the old draft's saves costing more than the fresh one's;
//  2. WINDOWS (6) windows of WINDOW_SECONDS (20): 10 connections reading (the soak's uncached lists and distinct
//     searches) while a fresh draft is saved every 200 ms; per window the saves' p50, the `-wal` file's size (its
//     high-water mark: SQLite reuses it from the start after a reset, it never shrinks by itself) and the load.
// `BENCH_KEEP_DIR=… [OLD_DRAFT=id] npx tsx bench/walProbe.ts`.
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startChild } from './lib/child';
import { RECONNECT_RATE } from './lib/load';
import { draftWriter, saveLoop, type Writer } from './lib/staffWriter';
import { listScenarios } from './listScenarios';
import { keywordStream, warmSearch } from './searchStream';
import { soakRequest } from './soak';

interface ServerInfo { port: number; barePort: number; token: string; columnId: number; rows: number }

const keep = process.env.BENCH_KEEP_DIR;
if (!keep) throw new Error('BENCH_KEEP_DIR is required (the WAL file is read from it)');
const walFile = join(keep, String(Number(process.env.BENCH_ARTICLES ?? 100_000)), 'portal.sqlite-wal');
const walMb = () => {
  try {
    return Math.round(statSync(walFile).size / 1048576 * 10) / 10;
  } catch {
    return 0;
  }
};
const load = () => Number((loadavg()[0] as number).toFixed(1));
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function saveOnce(w: Writer, n: number): Promise<number> {
  const t = performance.now();
  const body = JSON.stringify({ articleId: w.articleId, title: `探针草稿第${n}稿`, content: `<p>草稿正文，第${n}次保存。</p>` });
  const r = await fetch(`${w.base}/api/article/update`, { method: 'POST', headers: w.headers, body });
  const env = (await r.json()) as { errorCode: string };
  if (env.errorCode !== '0') throw new Error(`save failed: ${JSON.stringify(env)}`);
  return performance.now() - t;
}

const server = await startChild<ServerInfo>('bench/articlesServer.ts');
try {
  const base = `http://127.0.0.1:${server.info.port}`;
  await fetch(`http://127.0.0.1:${server.info.barePort}/result-caches/off`, { method: 'POST' });
  const headers = { Authorization: server.info.token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0', 'content-type': 'application/json' };
  const fresh = await draftWriter(base, headers, server.info.columnId);
  console.log(`WAL at start ${walMb()} MB, load ${load()}`);
  if (process.env.OLD_DRAFT) {
    const old: Writer = { ...fresh, articleId: Number(process.env.OLD_DRAFT) };
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 60; i++) {
      a.push(await saveOnce(old, i));
      b.push(await saveOnce(fresh, i));
    }
    console.log(`idle, alternated: draft ${old.articleId} (old) p50 ${p50(a).toFixed(1)} ms, fresh draft p50 ${p50(b).toFixed(1)} ms; WAL ${walMb()} MB, load ${load()}`);
  }
  await warmSearch(base);
  const lists = listScenarios(server.info.columnId);
  const { keywords } = keywordStream();
  let n = 0;
  const windows = Number(process.env.WINDOWS ?? 6);
  const seconds = Number(process.env.WINDOW_SECONDS ?? 20);
  for (let i = 1; i <= windows; i++) {
    const stop = saveLoop(fresh);
    const r = await autocannon({
      url: base,
      connections: 10,
      duration: seconds,
      reconnectRate: RECONNECT_RATE,
      requests: [{ setupRequest: (req) => soakRequest(req, n++, lists, keywords, headers) }],
    });
    const s = await stop();
    console.log(`window ${i} (${i * seconds} s): ${Math.round(r['2xx'] / seconds)} req/s p99 ${r.latency.p99} ms | saves ${s.saves} p50 ${s.p50Ms} p99 ${s.p99Ms} ms | WAL ${walMb()} MB | load ${load()}`);
  }
} finally {
  await server.stop();
}
