import { getToken } from '../providers';
import type { HttpClient, PortalRequest } from '../providers/types';

/**
 * Calls started ahead of the screen that will make them (right after login, while the shell's first render
 * runs: docs/performance.md). The first identical call (path, method, query, body) within a few seconds,
 * under the same token, takes the answer instead of asking again; each answer is used once. A prefetch that
 * failed is simply asked again by that call, with its own notices.
 */
const MAX_AGE_MS = 5_000;

interface Ahead {
  at: number;
  token: string | null;
  answer: Promise<unknown>;
}

export interface PrefetchingClient extends HttpClient {
  /** Starts `req` now (silently); the next identical request() gets its answer. */
  prefetch(req: PortalRequest): void;
}

const keyOf = (req: PortalRequest) => JSON.stringify([req.path, req.method ?? 'POST', req.query ?? null, req.body ?? null]);

export function withPrefetch(client: HttpClient): PrefetchingClient {
  const ahead = new Map<string, Ahead>();
  return {
    get apiUrl() {
      return client.apiUrl;
    },
    request<T>(req: PortalRequest): Promise<T> {
      const key = keyOf(req);
      const hit = ahead.get(key);
      if (!hit) return client.request<T>(req);
      ahead.delete(key);
      if (Date.now() - hit.at > MAX_AGE_MS || hit.token !== getToken()) return client.request<T>(req);
      return (hit.answer as Promise<T>).catch(() => client.request<T>(req));
    },
    prefetch(req: PortalRequest) {
      if (req.responseType === 'blob') return;
      const answer = client.request({ ...req, silent: true });
      answer.catch(() => undefined);
      ahead.set(keyOf(req), { at: Date.now(), token: getToken(), answer });
    },
  };
}
