// The "staff writing" client of issue 26: one member of staff saving a draft every 200 ms
// (/api/article/update of one draft, a new title each time), sequentially like a browser would, while a
// load runs. Its latency beside the same save on an idle server shows whether reads starve writes.

export interface SaveFigures {
  saves: number;
  savesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  /** The last save's answer (KB): the article with its whole review history, one row per save (session 32). */
  answerKb: number;
  /** What the first failed save said (its envelope, or the client's error): session 32 saw failures it could not name. */
  firstError?: string;
}

export interface Writer {
  base: string;
  headers: Record<string, string>;
  articleId: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0) : 0);

/** Creates the draft the writer edits (status 3, in `columnId`). */
export async function draftWriter(base: string, headers: Record<string, string>, columnId: number): Promise<Writer> {
  const h = { ...headers, 'content-type': 'application/json' };
  const r = await fetch(`${base}/api/article/save/admin`, { method: 'POST', headers: h, body: JSON.stringify({ title: '基准草稿', columnId, content: '<p>草稿正文。</p>', status: 3 }) });
  const env = (await r.json()) as { errorCode: string; errorMsg: string; data?: { articleId: number } };
  if (env.errorCode !== '0' || !env.data) throw new Error(`draft not saved: ${env.errorMsg}`);
  return { base, headers: h, articleId: env.data.articleId };
}

/** Saves every `everyMs` until `stop()` resolves; the figures of those saves. */
export function saveLoop(w: Writer, everyMs = 200) {
  const latencies: number[] = [];
  let errors = 0;
  let answerBytes = 0;
  let firstError: string | undefined;
  let running = true;
  const started = performance.now();
  const done = (async () => {
    for (let n = 0; running; n++) {
      const t = performance.now();
      try {
        const body = JSON.stringify({ articleId: w.articleId, title: `基准草稿第${n}稿`, content: `<p>草稿正文，第${n}次保存。</p>` });
        const r = await fetch(`${w.base}/api/article/update`, { method: 'POST', headers: w.headers, body });
        const text = await r.text();
        const env = JSON.parse(text) as { errorCode: string; errorMsg?: string };
        if (env.errorCode !== '0') {
          errors++;
          firstError ??= `${env.errorCode} ${env.errorMsg ?? ''}`;
        } else latencies.push(performance.now() - t);
        answerBytes = Buffer.byteLength(text);
      } catch (error) {
        errors++;
        firstError ??= error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error);
      }
      const wait = everyMs - (performance.now() - t);
      if (wait > 0 && running) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return async (): Promise<SaveFigures> => {
    running = false;
    await done;
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      saves: latencies.length,
      savesPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      maxMs: Math.round(latencies[latencies.length - 1] ?? 0),
      errors,
      answerKb: Math.round(answerBytes / 1024),
      ...(firstError ? { firstError } : {}),
    };
  };
}

/** Runs `work` while the writer saves (when given); the work's result with the saves and the server's RSS. */
export async function whileWriting<T>(w: Writer | null, rssUrl: string, work: () => Promise<T>): Promise<T & { saves?: SaveFigures; rssMb: { start: number; end: number } }> {
  const start = await rss(rssUrl);
  const stop = w ? saveLoop(w) : null;
  const result = await work();
  const saves = stop ? await stop() : undefined;
  return { ...result, ...(saves ? { saves } : {}), rssMb: { start, end: await rss(rssUrl) } };
}

/** The save alone on the idle server, `seconds` long. */
export async function idleSaves(w: Writer, seconds: number): Promise<SaveFigures> {
  const stop = saveLoop(w);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return stop();
}

/** The server process's resident memory (MB), from the bench child's /memory route. */
export async function rss(url: string): Promise<number> {
  return (await memoryOf(url)).rssMb;
}

const mb = (bytes: number | null) => (bytes === null ? null : Math.round(bytes / 1048576));

/** The same route's whole answer (MB): the RSS and, on Linux, its anonymous and file-backed parts (null elsewhere); SQLite's `-wal` file. */
export async function memoryOf(url: string): Promise<{ rssMb: number; anonMb: number | null; fileMb: number | null; walMb: number | null }> {
  const m = (await (await fetch(url)).json()) as { rss: number; rssAnon?: number | null; rssFile?: number | null; walBytes?: number | null };
  return { rssMb: mb(m.rss) ?? 0, anonMb: mb(m.rssAnon ?? null), fileMb: mb(m.rssFile ?? null), walMb: mb(m.walBytes ?? null) };
}

export const saveFig = (s?: SaveFigures, idle?: SaveFigures) =>
  s ? `saves p50 ${s.p50Ms} p99 ${s.p99Ms} ms ${s.savesPerSecond}/s${idle && idle.p50Ms > 0 ? ` (×${(s.p50Ms / idle.p50Ms).toFixed(1)} idle)` : ''}${s.errors ? ` ERR ${s.errors} (${s.firstError ?? ''})` : ''}` : '';
