import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/types.js';
import { bump } from './counterStore.js';

/**
 * A @fastify/rate-limit store in the database (`rate_counter`), so a limit counts across every instance
 * behind the load balancer. Keys are per route: `rl:<route>:<client address>`.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = 'global',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      const windowMs = typeof timeWindow === 'number' && timeWindow > 0 ? timeWindow : 60_000;
      bump(db, `rl:${this.route}:${key}`.slice(0, 300), windowMs).then(
        (c) => callback(null, { current: c.count, ttl: Math.max(0, c.resetAt - Date.now()) }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { url?: string; path: string }): FastifyRateLimitStore {
      return new DatabaseStore(undefined, routeOptions.url ?? routeOptions.path);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
