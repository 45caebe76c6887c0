// Issue 22: load and floods from many source addresses, as real users and floods arrive when no proxy is in
// front (`npm start`): 200 connections from 200 loopback addresses and from one; staff list p99 alone, during
// a public flood from 50 addresses (its own process), and during 100 slow (slowloris) connections from one
// address. `npx tsx bench/manyAddresses.ts` or `npm run bench -- --only=addresses`.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { addressLoad, loopbacks, slowConnections, type AddressLoadFigures } from './lib/addressLoad';
import { root, startChild } from './lib/child';

export interface ManyAddressFigures {
  load: { before: number[]; after: number[] };
  load200Many: AddressLoadFigures;
  load200One: AddressLoadFigures;
  staffAlone: AddressLoadFigures;
  staffDuringFlood: AddressLoadFigures;
  flood: AddressLoadFigures;
  staffDuringSlow: AddressLoadFigures;
  slowHeld: number;
  staffAfter: AddressLoadFigures;
  /** Staff p99 during / mean of alone before and after (goal ≤ 2). */
  floodRatio: number;
  slowRatio: number;
}

const loadNow = () => loadavg().map((n) => Number(n.toFixed(2)));
const STAFF = ['127.0.0.251'];

export async function benchManyAddresses(duration: number): Promise<ManyAddressFigures> {
  const before = loadNow();
  // No proxy trusted: every socket address is a client, and the per-address bound applies at its default.
  const portal = await startChild<{ port: number; token: string }>('bench/servers/portalServer.ts', { TRUST_PROXY: '', MAX_CONNECTIONS_PER_IP: '', BENCH_ROWS: process.env.BENCH_ROWS ?? '10000' });
  try {
    const base = `http://127.0.0.1:${portal.info.port}`;
    const headers = { Authorization: portal.info.token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
    const staff = { url: `${base}/announcement/list`, body: { pageNum: 1, pageSize: 10 }, headers };
    // 200 connections on a shared 2-core machine queue for seconds: an error here is a refusal or a reset, not a slow answer.
    const load200Many = await addressLoad({ ...staff, connections: 200, duration, addresses: loopbacks(2, 201), timeoutMs: 60_000 });
    const load200One = await addressLoad({ ...staff, connections: 200, duration, addresses: ['127.0.0.2'], timeoutMs: 60_000 });
    const staffAlone = await addressLoad({ ...staff, connections: 4, duration, addresses: STAFF });

    const floodProcess = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'bench/lib/addressFloodClient.ts')], {
      env: { ...process.env, FLOOD_URL: `${base}/web/mail/add`, FLOOD_SECONDS: String(duration + 3), FLOOD_ADDRESSES: '50', FLOOD_CONNECTIONS: '200' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    floodProcess.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    const floodDone = new Promise<AddressLoadFigures>((resolve) => floodProcess.once('exit', () => resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as AddressLoadFigures)));
    await new Promise((r) => setTimeout(r, 2000));
    const staffDuringFlood = await addressLoad({ ...staff, connections: 4, duration, addresses: STAFF });
    const flood = await floodDone;

    const slow = await slowConnections(portal.info.port, '127.0.0.60', 100);
    await new Promise((r) => setTimeout(r, 1500));
    const staffDuringSlow = await addressLoad({ ...staff, connections: 4, duration, addresses: STAFF });
    const slowHeld = slow.open();
    slow.stop();
    const staffAfter = await addressLoad({ ...staff, connections: 4, duration, addresses: STAFF });
    const anchor = Math.max(1, (staffAlone.latencyP99Ms + staffAfter.latencyP99Ms) / 2);
    return {
      load: { before, after: loadNow() },
      load200Many,
      load200One,
      staffAlone,
      staffDuringFlood,
      flood,
      staffDuringSlow,
      slowHeld,
      staffAfter,
      floodRatio: Number((staffDuringFlood.latencyP99Ms / anchor).toFixed(2)),
      slowRatio: Number((staffDuringSlow.latencyP99Ms / anchor).toFixed(2)),
    };
  } finally {
    await portal.stop();
  }
}

export function printManyAddresses(f: ManyAddressFigures): void {
  const line = (name: string, l: AddressLoadFigures) =>
    `${name.padEnd(44)} median ${l.latencyMedianMs} ms   p99 ${l.latencyP99Ms} ms   ${l.requestsPerSecond} req/s   ${l.requests} answers, ${l.non2xx} non-2xx, ${l.errors} errors${l.errors ? ` ${JSON.stringify(l.errorKinds)}` : ''}`;
  console.log('\nMany source addresses (no proxy: 127.0.0.2 … 127.0.0.251 on the loopback; /announcement/list as staff)');
  console.log(`load before ${f.load.before.join(' ')}   after ${f.load.after.join(' ')}`);
  console.log(line('200 connections from 200 addresses', f.load200Many) + `   (goal 0 errors: ${f.load200Many.errors + f.load200Many.non2xx === 0 ? 'met' : 'NOT met'})`);
  console.log(line('200 connections from one address', f.load200One) + `   (goal 0 errors: ${f.load200One.errors + f.load200One.non2xx === 0 ? 'met' : 'NOT met'})`);
  console.log(line('staff alone (4 connections)', f.staffAlone));
  console.log(line('staff during a public flood from 50 addresses', f.staffDuringFlood));
  console.log(`  flood /web/mail/add: ${f.flood.requests} answers, ${f.flood.errors} errors, HTTP ${JSON.stringify(f.flood.statusCodes)}`);
  console.log(line('staff during 100 slow connections, one address', f.staffDuringSlow) + `   (attacker's connections open at the end: ${f.slowHeld})`);
  console.log(line('staff alone, after', f.staffAfter));
  const goal = (r: number) => `×${r} ${r <= 2 ? '(goal ≤ ×2 met)' : '(goal ≤ ×2 NOT met)'}`;
  console.log(`staff p99 ratio during the flood: ${goal(f.floodRatio)}   during the slow connections: ${goal(f.slowRatio)}`);
}

if (process.argv[1]?.endsWith('manyAddresses.ts')) {
  printManyAddresses(await benchManyAddresses(Number(process.env.BENCH_SECONDS ?? 5)));
}
