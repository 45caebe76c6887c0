// One autocannon run, reduced to the figures we report.
import autocannon from 'autocannon';

export interface LoadFigures {
  url: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMedianMs: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

export async function measure(
  url: string,
  opts: { body: unknown; headers?: Record<string, string>; connections?: number; duration?: number },
): Promise<LoadFigures> {
  const connections = opts.connections ?? 10;
  const duration = opts.duration ?? 10;
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: JSON.stringify(opts.body),
  });
  return {
    url,
    connections,
    durationSeconds: duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMedianMs: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
