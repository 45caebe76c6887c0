// Search benchmark part "search" (issue 25): a stream of DISTINCT keywords drawn from the corpus — common
// words (in about a third of the articles or more), middling and rare words of the long tail, 2-, 3- and
// 4-character words, pinyin and misspellings (one character swapped for a homophone) — sent by 10 connections
// with the result caches off, beside the bare FTS5 (GIN) top 20 of the same stream. `--only=search`.
import autocannon from 'autocannon';
import { pinyin } from 'pinyin-pro';
import { startChild } from './lib/child';
import { RECONNECT_RATE } from './lib/load';
import { WORDS } from './articlesSeed';
import { tailWords } from './searchVocabulary';

interface ServerInfo { port: number; barePort: number; rows: number; indexed: number; dialect: string }

/** The keyword classes of the stream, each a shuffled list of distinct keywords. */
export function keywordStream(): { keywords: string[]; classes: Record<string, number> } {
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
  return { keywords, classes: Object.fromEntries(Object.entries(classes).map(([k, v]) => [k, v.length])) };
}

async function stream(base: string, path: (kw: string) => string, keywords: readonly string[], duration: number) {
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

export async function benchSearchStream(duration: number) {
  const server = await startChild<ServerInfo>('bench/articlesServer.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const bare = `http://127.0.0.1:${server.info.barePort}`;
    await fetch(`${bare}/result-caches/off`, { method: 'POST' });
    const { keywords, classes } = keywordStream();
    const q = (extra: string) => (kw: string) => `/api/article/queryEsArticle?keyword=${encodeURIComponent(kw)}&pageNumber=1&pageSize=20${extra}`;
    // Each run starts at a different place of the stream: no keyword is asked twice across the runs.
    const third = Math.floor(keywords.length / 4);
    return {
      dialect: server.info.dialect,
      articles: server.info.rows,
      keywords: keywords.length,
      classes,
      bare: await stream(bare, (kw) => `/fts?keyword=${encodeURIComponent(kw)}`, keywords, duration),
      original: await stream(base, q(''), keywords.slice(third), duration),
      relevance: await stream(base, q('&sortType=relevance'), keywords.slice(2 * third), duration),
      time: await stream(base, q('&sortType=time'), keywords.slice(3 * third), duration),
    };
  } finally {
    await server.stop();
  }
}

export function printSearchStream(r: Awaited<ReturnType<typeof benchSearchStream>>) {
  const f = (x: Awaited<ReturnType<typeof stream>>) => `${String(x.requestsPerSecond).padStart(6)} req/s p50 ${String(x.latencyMedianMs).padStart(3)} p99 ${String(x.latencyP99Ms).padStart(4)} ms (${x.distinct} distinct${x.errors || x.non2xx ? `, ERR ${x.errors}/${x.non2xx}` : ''})`;
  console.log(`\nSearch, distinct keywords, caches off, 10 connections: ${r.articles} articles (${r.dialect}), ${r.keywords} keywords ${JSON.stringify(r.classes)}`);
  console.log(`bare FTS top 20          ${f(r.bare)}`);
  console.log(`queryEsArticle (original) ${f(r.original)}`);
  console.log(`sortType=relevance        ${f(r.relevance)}   goal p99 ≤ ${r.dialect === 'postgres' ? 20 : 10} ms`);
  console.log(`sortType=time             ${f(r.time)}`);
}
