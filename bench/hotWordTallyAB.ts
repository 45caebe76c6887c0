// In-process A/B of the hot-word tally's cost on the request thread (issue 25, session 32): the same stream of
// searched words (mostly new words, as a stream of distinct searches brings, a fifth seen before) written by
// recordSearchWords as the search's tally does, in batches of one gathering (200 ms), in alternating blocks:
//   here   — the statements on the request thread (TALLY_WORKER=0, and every server before session 32);
//   writer — handed to the writer thread (tallyWriter.ts), the request thread holding its writer meanwhile.
// Per block: the request thread's CPU per word (/proc, 10 ms ticks), its event-loop busy time per word (what a
// search waiting behind the tally feels: CPU and the commit's sync) and the process's CPU per word.
// `tsx bench/hotWordTallyAB.ts [blocks] [words per block] [batch] [rows already in the table]`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import hotWord from '../resources/hotWord';
import { openDatabase } from '../server/db/connect';
import { syncDeclarationTables } from '../server/db/schemaSync';
import { recordSearchWords } from '../server/modules/system/hotWords/index';
import { createTallyWriter } from '../server/modules/content/search/tallyWriter';

const arg = (i: number, d: number) => Number(process.argv[2 + i] ?? d);
const [blocks, perBlock, batch, prefill] = [arg(0, 6), arg(1, 6000), arg(2, 100), arg(3, 20_000)];
const dir = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'hot-word-ab-'));
process.env.READ_WORKERS = '0';
const { db } = openDatabase({ dataDir: dir });
await syncDeclarationTables(db, 'sqlite', [hotWord]);
const writer = createTallyWriter(join(dir, 'portal.sqlite'), (e) => console.error(e));
await writer.ready();

let made = 0;
let picked = 0;
const seen: string[] = [];
/** The next batch: new words, a fifth of them words searched before (their count grows). */
function nextBatch(size: number): Map<string, number> {
  const out = new Map<string, number>();
  while (out.size < size) {
    const again = out.size % 5 === 4 && seen.length > 1000 ? seen[(picked++ * 7919) % (seen.length - size)] : undefined;
    const word = again ?? `检索${(made++).toString(36)}号`;
    if (!again) seen.push(word);
    out.set(word, (out.get(word) ?? 0) + 1);
  }
  return out;
}
for (let i = 0; i < prefill / 200; i++) await recordSearchWords(db, nextBatch(200));

const tick = () => {
  const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(f[11]) + Number(f[12])) * 10;
};
const processMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
async function block(useWriter: boolean) {
  const [m0, p0, e0] = [tick(), processMs(), performance.eventLoopUtilization()];
  for (let done = 0; done < perBlock; done += batch) await recordSearchWords(db, nextBatch(batch), useWriter ? writer : null);
  const elu = performance.eventLoopUtilization(e0);
  const us = (ms: number) => +((ms * 1000) / perBlock).toFixed(1);
  return { main: us(tick() - m0), busy: us(elu.active), process: us(processMs() - p0) };
}
const rows: Record<string, unknown>[] = [];
for (let i = 0; i < blocks; i++) {
  for (const variant of i % 2 ? ['writer', 'here'] : ['here', 'writer']) {
    const r = { block: i, variant, ...(await block(variant === 'writer')), load: +loadavg()[0]!.toFixed(2) };
    rows.push(r);
    console.log(JSON.stringify(r));
  }
}
const mean = (v: string, k: 'main' | 'busy' | 'process') => {
  const xs = rows.filter((r) => r.variant === v).map((r) => Number(r[k]));
  return +(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1);
};
for (const k of ['main', 'busy', 'process'] as const) console.log(`${k} µs/word: here ${mean('here', k)}, writer ${mean('writer', k)}, ratio ${(mean('writer', k) / mean('here', k)).toFixed(2)}`);
const total = await db.selectFrom('hot_word').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
console.log(`rows ${total.n}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
await writer.close();
await db.destroy();
rmSync(dir, { recursive: true, force: true });
