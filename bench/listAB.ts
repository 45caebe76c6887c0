// A/B of /api/article/list without the answer cache (issue 26, session 31): this tree's server against an older
// checkout's (LIST_AB_OLD, a directory holding that tree with node_modules), both on the same kept database
// (BENCH_KEEP_DIR), each with its anchor (the bare replay of the same SQL) in its own process. Rounds alternate
// the two servers, one loaded at a time; each figure is CPU per request from /proc (the request thread's and the
// process's) and req/s, with the anchor measured in the same round. `tsx bench/listAB.ts [rounds] [seconds]`.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startChild, root } from './lib/child';
import { RECONNECT_RATE } from './lib/load';
import { listScenarios } from './listScenarios';

interface Info { port: number; barePort: number; token: string; columnId: number }
const rounds = Number(process.argv[2] ?? 2);
const seconds = Number(process.argv[3] ?? 3);
const old = process.env.LIST_AB_OLD;
if (!old) throw new Error('LIST_AB_OLD: the older tree');

/** A thread's CPU (ms) from /proc: the request thread's id is the process's. */
const threadMs = (pid: number, tid = pid) => {
  const f = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(f[11]) + Number(f[12])) * 10;
};
const processMs = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(f[11]) + Number(f[12])) * 10;
};

async function load(pid: number, url: string, body: unknown, headers: Record<string, string>) {
  const m0 = threadMs(pid);
  const p0 = processMs(pid);
  const r = await autocannon({ url, method: 'POST', connections: 10, duration: seconds, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), reconnectRate: RECONNECT_RATE });
  const n = Math.max(1, r['2xx']);
  return { rps: Math.round(r['2xx'] / seconds), mainMs: (threadMs(pid) - m0) / n, processMs: (processMs(pid) - p0) / n, errors: r.errors + r.non2xx };
}

const env = { BENCH_LIST_ONLY: '1' };
const servers = { old: await startChild<Info>('bench/articlesServer.ts', env, old), new: await startChild<Info>('bench/articlesServer.ts', env, root) };
// The servers' node processes are tsx's children: the listening one is the deepest descendant.
const nodePid = (pid: number): number => {
  const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return kids.length ? nodePid(kids[kids.length - 1] as number) : pid;
};
const out: Record<string, unknown>[] = [];
try {
  for (const s of Object.values(servers)) await fetch(`http://127.0.0.1:${s.info.barePort}/result-caches/off`, { method: 'POST' });
  const scenarios = listScenarios(servers.new.info.columnId);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const);
    for (const [i, sc] of scenarios.entries()) {
      for (const which of order) {
        const s = servers[which];
        const pid = nodePid(s.process.pid as number);
        const headers = { Authorization: s.info.token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
        const anchor = await load(pid, `http://127.0.0.1:${s.info.barePort}/replay/${i}`, sc.body, {});
        const ours = await load(pid, `http://127.0.0.1:${s.info.port}/api/article/list`, sc.body, headers);
        const row = { round, scenario: sc.name, which, load1: loadavg()[0] ?? 0, anchor, ours, ratio: ours.rps / Math.max(1, anchor.rps) };
        out.push(row);
        console.log(`${round} ${sc.name.padEnd(36)} ${which.padEnd(3)} load ${row.load1.toFixed(1)}  anchor ${anchor.rps} req/s main ${anchor.mainMs.toFixed(3)}  ours ${ours.rps} req/s main ${ours.mainMs.toFixed(3)} proc ${ours.processMs.toFixed(3)}${ours.errors ? ` ERR ${ours.errors}` : ''}  ratio ${row.ratio.toFixed(2)}`);
      }
    }
  }
} finally {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
}
if (process.env.LIST_AB_JSON) (await import('node:fs')).writeFileSync(process.env.LIST_AB_JSON, JSON.stringify(out, null, 1));
