// Issue 14: public submissions must not slow staff. Measures the admin list p99 alone, then during a
// flood of public letters (/web/mail/add) at 200 connections, each request from another forwarded
// address (the server trusts 127.0.0.1 as its nginx, so per-address limits do not refuse them: the
// worst case), and prints the ratio. `npx tsx bench/publicFlood.ts` or part of `npm run bench`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root, startChild } from './lib/child';
import { measure, type LoadFigures } from './lib/load';

export interface FloodFigures {
  unloaded: LoadFigures;
  duringFlood: LoadFigures;
  flood: { requests: number; requestsPerSecond: number; non2xx: number; errors: number; statusCodes?: Record<string, number> };
  p99Ratio: number;
}

export async function benchPublicFlood(duration: number): Promise<FloodFigures> {
  // The per-address connection bound is raised so the flood reaches the application (behind nginx every
  // connection comes from the proxy anyway).
  const portal = await startChild<{ port: number; token: string }>('bench/servers/portalServer.ts', { TRUST_PROXY: '127.0.0.1', MAX_CONNECTIONS_PER_IP: '10000', BENCH_ROWS: process.env.BENCH_ROWS ?? '10000' });
  try {
    const base = `http://127.0.0.1:${portal.info.port}`;
    const headers = { Authorization: portal.info.token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
    const list = `${base}/announcement/list`;
    const body = { pageNum: 1, pageSize: 10 };
    const unloaded = await measure(list, { body, headers, connections: 4, duration });
    const floodProcess = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'bench/lib/floodClient.ts')], {
      env: { ...process.env, FLOOD_URL: `${base}/web/mail/add`, FLOOD_SECONDS: String(duration + 2) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    floodProcess.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    const flood = new Promise<FloodFigures['flood']>((resolve) => floodProcess.once('exit', () => resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as FloodFigures['flood'])));
    await new Promise((r) => setTimeout(r, 1000));
    const duringFlood = await measure(list, { body, headers, connections: 4, duration });
    return {
      unloaded,
      duringFlood,
      flood: await flood,
      p99Ratio: Number((duringFlood.latencyP99Ms / Math.max(1, unloaded.latencyP99Ms)).toFixed(2)),
    };
  } finally {
    await portal.stop();
  }
}

export function printPublicFlood(f: FloodFigures): void {
  console.log('\nPublic flood (/web/mail/add, /web/apply/save, /advice/web/add, /web/survey/save in turn; 200 connections, a new forwarded address each request) vs staff list');
  console.log(`/announcement/list alone         median ${f.unloaded.latencyMedianMs} ms   p99 ${f.unloaded.latencyP99Ms} ms   ${f.unloaded.requestsPerSecond} req/s`);
  console.log(`/announcement/list during flood  median ${f.duringFlood.latencyMedianMs} ms   p99 ${f.duringFlood.latencyP99Ms} ms   ${f.duringFlood.requestsPerSecond} req/s`);
  console.log(`staff during flood: ${f.duringFlood.requests} answers, ${f.duringFlood.non2xx} non-2xx, ${f.duringFlood.errors} errors`);
  console.log(`flood: ${f.flood.requestsPerSecond} req/s, ${f.flood.non2xx} non-2xx of ${f.flood.requests} (HTTP ${JSON.stringify(f.flood.statusCodes ?? {})}); p99 ratio ×${f.p99Ratio}`);
}

if (process.argv[1]?.endsWith('publicFlood.ts')) {
  printPublicFlood(await benchPublicFlood(Number(process.env.BENCH_SECONDS ?? 10)));
}
