// Bench part "soak" (issue 26: "server memory under each load printed beside the figures; no growth over a
// 10-minute run"): the portal on 100,000 articles, answer caches off, 10 connections sending uncached article
// lists (every scenario of the list part in turn) and searches for distinct keywords (the search part's stream)
// one after the other, while a member of staff saves a draft every 200 ms — for BENCH_SOAK_MINUTES (10) one-minute
// windows back to back. Each window: requests per second, p99, the saves, and the server's RSS at its end with
// its two parts: anonymous memory (heaps, buffers: where a leak shows) and mapped files (until session 33 the database file the
// search workers read through mmap, up to 256 MB, which grows as the stream touches more of the index; not a
// leak). Memory is sampled every 5 s; a window's floor (its lowest anonymous figure, just after the collectors
// ran) is what a leak raises, where a single sample mostly shows how much garbage waits. Growth: the
// least-squares slope of the floors over the second half of the windows (the first ones warm the caches of
// statements, understanding tools and pages). Asked by name only (`--only=soak`): it runs 10 minutes or more.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startChild } from './lib/child';
import { RECONNECT_RATE } from './lib/load';
import { listScenarios, type ListScenario } from './listScenarios';
import { keywordStream, warmSearch } from './searchStream';
import { draftWriter, idleSaves, memoryOf, saveFig, saveLoop, type SaveFigures } from './lib/staffWriter';

interface ServerInfo { port: number; barePort: number; token: string; columnId: number; rows: number; dialect: string }

export interface SoakWindow {
  minute: number;
  requestsPerSecond: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  saves: SaveFigures;
  rssMb: number;
  /** Anonymous and file-backed parts of the RSS (Linux; null elsewhere). */
  anonMb: number | null;
  fileMb: number | null;
  /** The lowest and highest anonymous memory (RSS where unknown) of the window's 5-second samples. */
  floorMb: number;
  highMb: number;
  /** SQLite's `-wal` file at the window's end (MB; null on PostgreSQL): bounded when checkpoints keep up (session 32). */
  walMb: number | null;
  load: number;
}

const SAMPLE_MS = 5000;

const memory = (bare: string) => memoryOf(`${bare}/memory`);

/** The least-squares slope of `ys` over their index (per window = per minute). */
export function slope(ys: readonly number[]): number {
  const n = ys.length;
  if (n < 2) return 0;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return num / den;
}

/** The soak's `i`-th read: even ones list, odd ones search, every keyword once before any comes again. */
export function soakRequest<R extends object>(req: R, i: number, lists: readonly ListScenario[], keywords: readonly string[], headers: Record<string, string>) {
  if (i % 2 === 0) {
    const s = lists[(i / 2) % lists.length]!;
    return { ...req, method: 'POST' as const, path: '/api/article/list', headers, body: JSON.stringify(s.body) };
  }
  const kw = keywords[((i - 1) / 2) % keywords.length]!;
  return { ...req, method: 'GET' as const, path: `/api/article/queryEsArticle?keyword=${encodeURIComponent(kw)}&pageNumber=1&pageSize=20`, headers: {} };
}

export async function benchSoak() {
  const minutes = Math.max(2, Number(process.env.BENCH_SOAK_MINUTES ?? 10));
  const server = await startChild<ServerInfo>('bench/articlesServer.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const bare = `http://127.0.0.1:${server.info.barePort}`;
    await fetch(`${bare}/result-caches/off`, { method: 'POST' });
    const headers = { Authorization: server.info.token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0', 'content-type': 'application/json' };
    const writer = await draftWriter(base, headers, server.info.columnId);
    await warmSearch(base);
    const idle = await idleSaves(writer, 5);
    const start = await memory(bare);
    const lists = listScenarios(server.info.columnId);
    const { keywords } = keywordStream();
    let n = 0;
    const windows: SoakWindow[] = [];
    for (let minute = 1; minute <= minutes; minute++) {
      const stop = saveLoop(writer);
      const samples: number[] = [];
      const sampler = setInterval(() => void memory(bare).then((m) => samples.push(m.anonMb ?? m.rssMb), () => undefined), SAMPLE_MS);
      const r = await autocannon({
        url: base,
        connections: 10,
        duration: 60,
        reconnectRate: RECONNECT_RATE,
        requests: [{ setupRequest: (req) => soakRequest(req, n++, lists, keywords, headers) }],
      });
      clearInterval(sampler);
      const saves = await stop();
      const end = await memory(bare);
      samples.push(end.anonMb ?? end.rssMb);
      const w: SoakWindow = { minute, requestsPerSecond: Math.round(r['2xx'] / 60), latencyP99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors, saves, ...end, floorMb: Math.min(...samples), highMb: Math.max(...samples), load: Number((loadavg()[0] as number).toFixed(1)) };
      windows.push(w);
      console.log(`  soak minute ${minute}: ${w.requestsPerSecond} req/s p99 ${w.latencyP99Ms} ms, ${saveFig(w.saves, idle)} answer ${w.saves.answerKb} KB, WAL ${w.walMb} MB, RSS ${w.rssMb} MB (anonymous ${w.anonMb}: ${w.floorMb}–${w.highMb}, files ${w.fileMb}), load ${w.load}`);
    }
    const half = windows.slice(Math.floor(windows.length / 2));
    return {
      dialect: server.info.dialect,
      articles: server.info.rows,
      minutes,
      idleSaves: idle,
      start,
      windows,
      /** Minutes of the second half, over which growth is judged. */
      judged: { from: half[0]?.minute ?? 1, to: minutes },
      floorSlopeMbPerMinute: Number(slope(half.map((w) => w.floorMb)).toFixed(2)),
      rssSlopeMbPerMinute: Number(slope(half.map((w) => w.rssMb)).toFixed(2)),
      peakRssMb: Math.max(...windows.map((w) => w.rssMb)),
      keywordsAsked: Math.min(Math.floor(n / 2), keywords.length),
    };
  } finally {
    await server.stop();
  }
}

export function printSoak(r: Awaited<ReturnType<typeof benchSoak>>) {
  console.log(`\nSoak (issue 26): ${r.minutes} one-minute windows, ${r.articles} articles (${r.dialect}), caches off, 10 connections, uncached lists and distinct searches (${r.keywordsAsked} keywords) in turn, a draft save every 200 ms`);
  console.log(`on the idle server: ${saveFig(r.idleSaves)}; before the load RSS ${r.start.rssMb} MB (anonymous ${r.start.anonMb}, files ${r.start.fileMb}), WAL ${r.start.walMb} MB`);
  for (const w of r.windows) console.log(`minute ${String(w.minute).padStart(2)}: ${String(w.requestsPerSecond).padStart(5)} req/s p99 ${String(w.latencyP99Ms).padStart(4)} ms${w.errors || w.non2xx ? ` ERR ${w.errors}/${w.non2xx}` : ''} | ${saveFig(w.saves, r.idleSaves)}, answer ${w.saves.answerKb} KB | WAL ${w.walMb} MB | RSS ${w.rssMb} MB (anonymous ${w.anonMb}, lowest–highest ${w.floorMb}–${w.highMb}; files ${w.fileMb}) | load ${w.load}`);
  const grows = r.floorSlopeMbPerMinute > 2;
  console.log(`minutes ${r.judged.from}–${r.judged.to}: lowest anonymous memory ${r.floorSlopeMbPerMinute} MB/minute, RSS at the windows' ends ${r.rssSlopeMbPerMinute} MB/minute (peak RSS ${r.peakRssMb} MB) — ${grows ? 'GROWING' : 'no growth (≤ 2 MB/minute)'}`);
}
