// Issue 14: public submissions must not slow staff. Measures the admin list p99 alone, then during a
// flood of public submissions (bench/lib/floodClient.ts: /web/mail/add, /web/apply/save, /advice/web/add,
// /web/survey/save in turn) at 200 connections, each request from another forwarded address (the server
// trusts 127.0.0.1 as its nginx, so per-address limits do not refuse them: the worst case), and prints the
// ratio. `npx tsx bench/publicFlood.ts` or part of `npm run bench`.
//
// Three processes: the server, the flood client, and this one (the staff client). A staff request that
// gets no answer within the timeout counts as an error, so a starved staff client shows as errors and
// "STARVED", never as "0 answers, p99 0 ms" (autocannon drops requests still open when a run ends).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { root, startChild } from './lib/child';
import { measure, type LoadFigures } from './lib/load';

export interface FloodFigures {
  /** `uptime` load averages (1, 5, 15 min) before and after: the machine is shared. */
  load: { before: number[]; after: number[] };
  gate: Record<string, string>;
  unloaded: LoadFigures;
  duringFlood: LoadFigures;
  /** The same list alone again after the flood: the machine is shared, so the anchor brackets the flood. */
  unloadedAfter: LoadFigures;
  flood: {
    requests: number;
    requestsPerSecond: number;
    non2xx: number;
    errors: number;
    timeouts?: number;
    statusCodes?: Record<string, number>;
    /** The portal's `errorCode` of the answers (2002 bad captcha, 429 refused by the gate or a limit, …). */
    errorCodes?: Record<string, number>;
  };
  /** p99 during the flood / mean p99 alone (before and after); null when staff got no answer at all (starved). */
  p99Ratio: number | null;
  /** The same against each anchor alone. */
  p99RatioBefore: number | null;
  p99RatioAfter: number | null;
  starved: boolean;
}

const loadNow = () => loadavg().map((n) => Number(n.toFixed(2)));

export async function benchPublicFlood(duration: number): Promise<FloodFigures> {
  const before = loadNow();
  // The gate's settings, if any, reach the server from this environment (PUBLIC_GATE_*).
  const gate = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('PUBLIC_GATE_')) as [string, string][]);
  // The per-address connection bound is raised so the flood reaches the application (behind nginx every
  // connection comes from the proxy anyway).
  const portal = await startChild<{ port: number; token: string }>('bench/servers/portalServer.ts', { TRUST_PROXY: '127.0.0.1', MAX_CONNECTIONS_PER_IP: '10000', BENCH_ROWS: process.env.BENCH_ROWS ?? '10000' });
  try {
    const base = `http://127.0.0.1:${portal.info.port}`;
    const headers = { Authorization: portal.info.token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
    const list = `${base}/announcement/list`;
    const body = { pageNum: 1, pageSize: 10 };
    const timeoutSeconds = Math.max(1, Math.min(5, duration - 1));
    const unloaded = await measure(list, { body, headers, connections: 4, duration, timeoutSeconds });
    const floodProcess = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'bench/lib/floodClient.ts')], {
      env: { ...process.env, FLOOD_URL: `${base}/web/mail/add`, FLOOD_SECONDS: String(duration + 3) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    floodProcess.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    const flood = new Promise<FloodFigures['flood']>((resolve) => floodProcess.once('exit', () => resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as FloodFigures['flood'])));
    // The flood client starts (tsx) and reaches full rate before staff are measured.
    await new Promise((r) => setTimeout(r, 2000));
    const duringFlood = await measure(list, { body, headers, connections: 4, duration, timeoutSeconds });
    const floodFigures = await flood;
    const unloadedAfter = await measure(list, { body, headers, connections: 4, duration, timeoutSeconds });
    const starved = duringFlood.requests === 0;
    const ratio = (anchorMs: number) => (starved ? null : Number((duringFlood.latencyP99Ms / Math.max(1, anchorMs)).toFixed(2)));
    return {
      load: { before, after: loadNow() },
      gate,
      unloaded,
      duringFlood,
      unloadedAfter,
      flood: floodFigures,
      p99Ratio: ratio((unloaded.latencyP99Ms + unloadedAfter.latencyP99Ms) / 2),
      p99RatioBefore: ratio(unloaded.latencyP99Ms),
      p99RatioAfter: ratio(unloadedAfter.latencyP99Ms),
      starved,
    };
  } finally {
    await portal.stop();
  }
}

export function printPublicFlood(f: FloodFigures): void {
  const line = (name: string, l: LoadFigures) =>
    `${name.padEnd(33)} median ${l.latencyMedianMs} ms   p99 ${l.latencyP99Ms} ms   ${l.requestsPerSecond} req/s   ${l.requests} answers, ${l.non2xx} non-2xx, ${l.errors} errors (${l.timeouts ?? 0} timeouts)`;
  console.log('\nPublic flood (/web/mail/add, /web/apply/save, /advice/web/add, /web/survey/save in turn; 200 connections, a new forwarded address each request) vs staff list');
  console.log(`load before ${f.load.before.join(' ')}   after ${f.load.after.join(' ')}   gate ${JSON.stringify(f.gate)}`);
  console.log(line('/announcement/list alone', f.unloaded));
  console.log(line('/announcement/list during flood', f.duringFlood));
  console.log(line('/announcement/list alone, after', f.unloadedAfter));
  if (f.starved) console.log('STARVED: staff got no answer at all during the flood (each request timed out)');
  const x = (r: number | null) => (r === null ? 'n/a (starved)' : `×${r}`);
  console.log(`p99 ratio during / mean of alone before and after: ${x(f.p99Ratio)}   (vs before ${x(f.p99RatioBefore)}, vs after ${x(f.p99RatioAfter)}; goal ≤ ×2)`);
  console.log(`flood: ${f.flood.requestsPerSecond} req/s, ${f.flood.requests} answers, ${f.flood.non2xx} non-2xx, ${f.flood.errors} errors (${f.flood.timeouts ?? 0} timeouts); HTTP ${JSON.stringify(f.flood.statusCodes ?? {})}; errorCode ${JSON.stringify(f.flood.errorCodes ?? {})}`);
}

if (process.argv[1]?.endsWith('publicFlood.ts')) {
  printPublicFlood(await benchPublicFlood(Number(process.env.BENCH_SECONDS ?? 10)));
}
