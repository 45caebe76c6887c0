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
  /** Requests with no answer within `timeoutSeconds` (part of `errors`); only when that option was given. */
  timeouts?: number;
}

/**
 * The server answers 503 to request 1001 on one socket (serverLimits.ts maxRequestsPerSocket) and autocannon
 * keeps sending on it: without a fresh connection now and then, a fast run measures mostly those 503s.
 */
export const RECONNECT_RATE = 500;

export async function measure(
  url: string,
  // timeoutSeconds: a request unanswered this long counts as an error (autocannon's default is 10 s, so in a
  // shorter run a starved request would vanish from the figures instead of counting).
  opts: { body: unknown; headers?: Record<string, string>; connections?: number; duration?: number; timeoutSeconds?: number },
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
    ...(opts.timeoutSeconds ? { timeout: opts.timeoutSeconds } : {}),
    reconnectRate: RECONNECT_RATE,
  });
  return {
    url,
    connections,
    durationSeconds: duration,
    requests: result.requests.total,
    // Answers that count: non-2xx ones are reported beside the figure, never inside it.
    requestsPerSecond: Math.round(result['2xx'] / duration),
    latencyMedianMs: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ...(opts.timeoutSeconds ? { timeouts: result.timeouts } : {}),
  };
}
