// Search benchmark part "search" (issue 25): a stream of DISTINCT keywords drawn from the corpus — common
// words (in about a third of the articles or more), middling and rare words of the long tail, 2-, 3- and
// 4-character words, pinyin and misspellings (one character swapped for a homophone) — sent by 10 connections
// with the result caches off, beside the bare FTS5 (GIN) top 20 of the same stream. `--only=search`.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { pinyin } from 'pinyin-pro';
import { startChild } from './lib/child';
import { RECONNECT_RATE } from './lib/load';
import { WORDS } from './articlesSeed';
import { tailWords } from './searchVocabulary';
import { draftWriter, idleSaves, saveFig, whileWriting, type Writer } from './lib/staffWriter';

interface ServerInfo { port: number; barePort: number; token: string; columnId: number; rows: number; indexed: number; dialect: string }

/** The keyword classes of the stream, each a shuffled list of distinct keywords. */
export function keywordStream(): { keywords: string[]; classes: Record<string, number>; frequency: Record<'rare' | 'middle' | 'common', string[]> } {
  const tail = tailWords();
  const byLength = (n: number, from: number, to: number) => tail.slice(from, to).filter((w) => [...w].length === n);
  // Homophone swaps: the last character replaced by another character of the vocabulary that sounds the same.
  const sounds = new Map<string, string[]>();
  for (const ch of new Set(tail.join(''))) {
    const p = pinyin(ch, { toneType: 'none' });
    sounds.set(p, [...(sounds.get(p) ?? []), ch]);
  }
  const misspelt = tail.slice(20, 3000).flatMap((w) => {
    const chars = [...w];
    const last = chars[chars.length - 1] as string;
    const other = (sounds.get(pinyin(last, { toneType: 'none' })) ?? []).find((c) => c !== last);
    return other ? [chars.slice(0, -1).join('') + other] : [];
  });
  const classes: Record<string, string[]> = {
    common2: WORDS.filter((w) => w.length === 2).flatMap((a, i, all) => all.slice(i + 1, i + 20).map((b) => `${a} ${b}`)),
    common4: WORDS.filter((w) => w.length === 4),
    mid2: byLength(2, 20, 600),
    mid3: byLength(3, 20, 1500),
    mid4: byLength(4, 20, 2000),
    rare2: byLength(2, 2000, 6000),
    rare3: byLength(3, 2000, 6000),
    rare4: byLength(4, 2000, 6000),
    pinyin: tail.slice(20, 2500).map((w) => pinyin(w, { toneType: 'none', separator: '' })),
    misspelt,
  };
  // Interleaved: one of each class in turn, every keyword once.
  const lists = Object.values(classes).map((l) => [...new Set(l)]);
  const keywords: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; lists.some((l) => i < l.length); i++) {
    for (const l of lists) {
      const k = l[i];
      if (k !== undefined && !seen.has(k)) {
        seen.add(k);
        keywords.push(k);
      }
    }
  }
  // The three frequency classes of issue 26, each interleaved by length.
  const mix = (...ls: string[][]) => [...new Set(ls.flatMap((l, j) => l.map((k, i) => [i * ls.length + j, k] as const)).sort((a, b) => a[0] - b[0]).map((x) => x[1]))];
  const c = classes as Record<string, string[]>;
  const frequency = { rare: mix(c.rare2!, c.rare3!, c.rare4!), middle: mix(c.mid2!, c.mid3!, c.mid4!), common: mix(c.common4!, c.common2!) };
  return { keywords, classes: Object.fromEntries(Object.entries(classes).map(([k, v]) => [k, v.length])), frequency };
}

export async function stream(base: string, path: (kw: string) => string, keywords: readonly string[], duration: number) {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: 10,
    duration,
    reconnectRate: RECONNECT_RATE,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path(keywords[i++ % keywords.length] as string) }) }],
  });
  return { requests: result.requests.total, distinct: Math.min(i, keywords.length), requestsPerSecond: Math.round(result['2xx'] / duration), latencyMedianMs: result.latency.p50, latencyP99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Readies the portal's search before a measured run (the stream never asks these keywords). */
export async function warmSearch(base: string): Promise<void> {
  // The understood search's tools (segmenter, pinyin lexicon of the newest 5,000 titles) are built by the
  // first search with sortType, once per process (then every 10 minutes in the background): built here, not
  // inside the first measured run.
  await fetch(`${base}/api/article/queryEsArticle?keyword=${encodeURIComponent('会议')}&pageNumber=1&pageSize=20&sortType=relevance`);
  // Search workers (SQLite) start when searches come often and answer once their own tools are built: sixty
  // at once (single base words on three pages, which the stream never asks), then time to get ready.
  const warm = WORDS.filter((w) => w.length === 2).flatMap((w) => [1, 2, 3].map((p) => `/api/article/queryEsArticle?keyword=${encodeURIComponent(w)}&pageNumber=${p}&pageSize=20`));
  await Promise.all(warm.slice(0, 60).map((path) => fetch(`${base}${path}`)));
  await new Promise((resolve) => setTimeout(resolve, 15_000));
}

export async function benchSearchStream(duration: number) {
  const server = await startChild<ServerInfo>('bench/articlesServer.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const bare = `http://127.0.0.1:${server.info.barePort}`;
    await fetch(`${bare}/result-caches/off`, { method: 'POST' });
    const { keywords, classes, frequency } = keywordStream();
    const q = (extra: string) => (kw: string) => `/api/article/queryEsArticle?keyword=${encodeURIComponent(kw)}&pageNumber=1&pageSize=20${extra}`;
    const fts = (kw: string) => `/fts?keyword=${encodeURIComponent(kw)}`;
    const ftsPage = (count: string) => (kw: string) => `/fts-page?keyword=${encodeURIComponent(kw)}&count=${count}`;
    const sqlite = server.info.dialect === 'sqlite';
    // Issue 26: a member of staff saves a draft every 200 ms beside every run of the portal (and of the bare
    // anchor, which shares its process); RSS before and after each run.
    const headers = { Authorization: server.info.token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
    const writer: Writer = await draftWriter(base, headers, server.info.columnId);
    await warmSearch(base);
    const idle = await idleSaves(writer, Math.min(duration, 5));
    // The machine's 1-minute load average before and after each run (shared machine: read figures beside it).
    // BENCH_SEARCH_WRITER=off: the runs without the draft saves (to tell their cost from the searches').
    const saving = process.env.BENCH_SEARCH_WRITER === 'off' ? null : writer;
    // CPU per request (session 28): the whole process, its request thread, and PostgreSQL's backends of the
    // database (connections that ended during the run are missed), saves included: figures a loaded machine
    // disturbs less than latency.
    type Cpu = { user: number; system: number; mainMs: number | null; dbMs: number | null };
    const cpuNow = async () => (await (await fetch(`${bare}/cpu`)).json()) as Cpu;
    const run = async (url: string, path: (kw: string) => string, list: readonly string[], writing: Writer | null = saving) => {
      const start = loadavg()[0] as number;
      await fetch(`${bare}/loop`);
      const c0 = await cpuNow();
      const r = await whileWriting(writing, `${bare}/memory`, () => stream(url, path, list, duration));
      const c1 = await cpuNow();
      const per = (a: number | null, b: number | null) => (a === null || b === null || !r.requests || b < a ? null : Number(((b - a) / r.requests).toFixed(3)));
      const cpuMs = { process: per((c0.user + c0.system) / 1000, (c1.user + c1.system) / 1000), main: per(c0.mainMs, c1.mainMs), db: per(c0.dbMs, c1.dbMs) };
      const loopMs = (await (await fetch(`${bare}/loop`)).json()) as { p50: number; p99: number; max: number };
      return { ...r, loopMs, cpuMs, load: { start: Number(start.toFixed(1)), end: Number((loadavg()[0] as number).toFixed(1)) } };
    };
    // Each run starts at a different place of the stream: no keyword is asked twice across the runs.
    const third = Math.floor(keywords.length / 4);
    const byClass = [];
    for (const [name, list] of Object.entries(frequency)) {
      const half = list.slice(Math.floor(list.length / 2)).concat(list.slice(0, Math.floor(list.length / 2)));
      const quarter = list.slice(Math.floor(list.length / 4)).concat(list.slice(0, Math.floor(list.length / 4)));
      // Issue 25's figure is the searches alone (session 30: a draft save holds the request thread ~5 ms of
      // CPU, which every search answered meanwhile waits for): each class also runs without the saves, its
      // bare anchor likewise; the runs with the saves give issue 26's saves figure.
      const alone = saving ? { bare: await run(bare, fts, quarter, null), ours: await run(base, q(''), quarter, null) } : null;
      // Session 40: the floor of a page (bench/lib/ftsPageFloor.ts, SQLite), the same keywords as `alone`.
      const floor = saving && sqlite ? { rows: await run(bare, ftsPage('0'), quarter, null), counted: await run(bare, ftsPage('1'), quarter, null) } : null;
      byClass.push({ name, keywords: list.length, bare: await run(bare, fts, list), ours: await run(base, q(''), half), alone, floor });
    }
    return {
      dialect: server.info.dialect,
      searchWorkers: process.env.SEARCH_WORKERS ?? 'default',
      articles: server.info.rows,
      keywords: keywords.length,
      classes,
      idleSaves: idle,
      byClass,
      bare: await run(bare, fts, keywords),
      original: await run(base, q(''), keywords.slice(third)),
      relevance: await run(base, q('&sortType=relevance'), keywords.slice(2 * third)),
      time: await run(base, q('&sortType=time'), keywords.slice(3 * third)),
    };
  } finally {
    await server.stop();
  }
}

export function printSearchStream(r: Awaited<ReturnType<typeof benchSearchStream>>) {
  type Run = Awaited<ReturnType<typeof stream>> & { saves?: Parameters<typeof saveFig>[0]; rssMb: { start: number; end: number } };
  const f = (x: Run) => `${String(x.requestsPerSecond).padStart(6)} req/s p50 ${String(x.latencyMedianMs).padStart(3)} p99 ${String(x.latencyP99Ms).padStart(4)} ms (${x.distinct} distinct${x.errors || x.non2xx ? `, ERR ${x.errors}/${x.non2xx}` : ''})`;
  const cpu = (c?: { process: number | null; main: number | null; db: number | null }) => (c ? ` cpu/req ${c.process} ms (request thread ${c.main}${c.db !== null ? `, db ${c.db}` : ''})` : '');
  const w = (x: Run & { load?: { start: number; end: number }; loopMs?: { p99: number; max: number }; cpuMs?: Parameters<typeof cpu>[0] }) => `${saveFig(x.saves, r.idleSaves)}${x.loopMs ? ` loop delay p99 ${x.loopMs.p99} max ${x.loopMs.max} ms` : ''}${cpu(x.cpuMs)} RSS ${x.rssMb.start}→${x.rssMb.end} MB${x.load ? ` load ${x.load.start}→${x.load.end}` : ''}`;
  const goal = r.dialect === 'postgres' ? 20 : 10;
  console.log(`\nSearch, distinct keywords, caches off, 10 connections: ${r.articles} articles (${r.dialect}), ${r.keywords} keywords ${JSON.stringify(r.classes)}`);
  console.log(`a draft save every 200 ms beside every run; on the idle server: ${saveFig(r.idleSaves)}`);
  const ratio = (ours: Run, bare: Run) => (bare.requestsPerSecond ? (ours.requestsPerSecond / bare.requestsPerSecond).toFixed(2) : '—');
  console.log(`search workers: ${r.searchWorkers} (SEARCH_WORKERS)`);
  for (const c of r.byClass) {
    if (c.alone) console.log(`${c.name.padEnd(7)} no saves: bare FTS top 20 ${f(c.alone.bare)} | queryEsArticle ${f(c.alone.ours)} ratio ${ratio(c.alone.ours, c.alone.bare)} goal p99 ≤ ${goal} ms | ${w(c.alone.ours)}`);
    if (c.floor) console.log(`${c.name.padEnd(7)} no saves: floor, the page's keys + rows ${f(c.floor.rows)} | + their count ${f(c.floor.counted)} |${cpu(c.floor.counted.cpuMs)}`);
    console.log(`${c.name.padEnd(7)} ${c.alone ? 'saves:    ' : ''}bare FTS top 20 ${f(c.bare)} | queryEsArticle ${f(c.ours)} ratio ${ratio(c.ours, c.bare)}${c.alone ? '' : ` goal p99 ≤ ${goal} ms`} | ${w(c.ours)}`);
  }
  console.log(`bare FTS top 20 (all)     ${f(r.bare)} | ${w(r.bare)}`);
  console.log(`queryEsArticle (original) ${f(r.original)} | ${w(r.original)}`);
  console.log(`sortType=relevance        ${f(r.relevance)} | ${w(r.relevance)}`);
  console.log(`sortType=time             ${f(r.time)} | ${w(r.time)}`);
}
