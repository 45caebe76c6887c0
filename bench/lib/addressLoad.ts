// A small load generator that sends from chosen source addresses (undici Agents with `localAddress`; on
// Linux every 127.x.y.z is the loopback): `connections` loops spread over `addresses`, each sending one
// request after another until `duration` seconds have passed. autocannon cannot choose its source address.
import { Agent, request } from 'undici';

export interface AddressLoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  connections: number;
  duration: number;
  addresses: string[];
  /** A request unanswered this long counts as an error (ms). */
  timeoutMs?: number;
}

export interface AddressLoadFigures {
  addresses: number;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMedianMs: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** Errors by kind (UND_ERR_HEADERS_TIMEOUT: no answer within the timeout; ECONNRESET: a reset; …). */
  errorKinds: Record<string, number>;
}

/** `127.0.0.<from>` … `127.0.0.<to>`. */
export const loopbacks = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `127.0.0.${from + i}`);

const percentile = (sorted: number[], p: number) => (sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0) : 0);

export async function addressLoad(o: AddressLoadOptions): Promise<AddressLoadFigures> {
  const perAddress = Math.ceil(o.connections / o.addresses.length);
  const agents = o.addresses.map((localAddress) => new Agent({ connections: perAddress, localAddress, keepAliveTimeout: 10_000, headersTimeout: o.timeoutMs ?? 5_000, bodyTimeout: o.timeoutMs ?? 5_000 }));
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let non2xx = 0;
  const errorKinds: Record<string, number> = {};
  const end = Date.now() + o.duration * 1000;
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...o.headers };
  const loop = async (dispatcher: Agent) => {
    while (Date.now() < end) {
      const started = performance.now();
      try {
        const r = await request(o.url, { method: o.method ?? (body ? 'POST' : 'GET'), body, headers, dispatcher });
        await r.body.dump();
        latencies.push(performance.now() - started);
        statusCodes[r.statusCode] = (statusCodes[r.statusCode] ?? 0) + 1;
        if (r.statusCode < 200 || r.statusCode >= 300) non2xx++;
      } catch (error) {
        errors++;
        const kind = String((error as { code?: unknown }).code ?? (error as Error).name);
        errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: o.connections }, (_, i) => loop(agents[i % agents.length] as Agent)));
  } finally {
    await Promise.all(agents.map((a) => a.destroy()));
  }
  latencies.sort((a, b) => a - b);
  return {
    addresses: o.addresses.length,
    connections: o.connections,
    durationSeconds: o.duration,
    requests: latencies.length,
    requestsPerSecond: Math.round((latencies.length - non2xx) / o.duration),
    latencyMedianMs: Math.round(percentile(latencies, 50)),
    latencyP99Ms: Math.round(percentile(latencies, 99)),
    non2xx,
    errors,
    statusCodes,
    errorKinds,
  };
}

/** Slowloris: `n` connections from `address` that send a request head a few bytes at a time, never finishing it. */
export async function slowConnections(port: number, address: string, n: number): Promise<{ open: () => number; stop: () => void }> {
  const net = await import('node:net');
  const sockets = new Set<import('node:net').Socket>();
  let stopped = false;
  const open = () => {
    if (stopped) return;
    const s = net.connect({ port, host: '127.0.0.1', localAddress: address });
    s.on('error', () => undefined);
    s.on('connect', () => s.write('POST /web/mail/add HTTP/1.1\r\nHost: x\r\n'));
    // Reopened when the server closes it: the attacker keeps `n` going.
    s.on('close', () => {
      sockets.delete(s);
      setTimeout(open, 100);
    });
    sockets.add(s);
  };
  for (let i = 0; i < n; i++) open();
  const drip = setInterval(() => sockets.forEach((s) => s.writable && s.write('X-a: b\r\n')), 1000);
  return {
    open: () => sockets.size,
    stop: () => {
      stopped = true;
      clearInterval(drip);
      sockets.forEach((s) => s.destroy());
    },
  };
}
