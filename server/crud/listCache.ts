import type { FastifyRequest } from 'fastify';
import { resultCaches } from '../auth/cacheVersions.js';
import { currentUser } from '../http/fastifyTypes.js';

/** Most results kept at once; the oldest goes first beyond that. */
const MAX_ENTRIES = 500;
/** Longer search bodies are not cached (the key would cost more than it saves). */
const MAX_KEY = 2000;
/** A result's view counts (文章's `hits`, which do not move its counter: articleListTrigger.ts) are at most this old. */
const MAX_AGE_MS = 30_000;

/**
 * List results cached per user and search (a declaration's `api.list.cachedBy`, 文章's list and listByDept),
 * valid while two database counters have not moved (server/auth/cacheVersions.ts, read once per call by the
 * authentication hook): the list's counter — the article-list counter, which triggers raise on every write to
 * articles, columns, departments and column grants, by any instance or by hand; and the permission counter (the user's roles, scope and department). An edited article or a
 * revoked grant therefore shows on the very next call, on every instance; only view counts may lag, by up
 * to MAX_AGE_MS. Calls that miss together share one load. A result is shared by the calls that hit it: it must not be changed after it is returned.
 */
export function createListCache<T>(counter: 'articleLists') {
  let version = -1;
  const entries = new Map<string, { at: number; result: T }>();
  const loading = new Map<string, Promise<T>>();
  return async function cached(request: FastifyRequest, parts: unknown, load: () => Promise<T>): Promise<T> {
    const v = request.cacheVersions;
    const user = currentUser(request);
    const json = JSON.stringify(parts);
    if (!v || json.length > MAX_KEY || !resultCaches.enabled) return load();
    if (v[counter] !== version) {
      // Only a newer counter empties the cache; a call that read an older one just goes to the database.
      if (v[counter] < version) return load();
      version = v[counter];
      entries.clear();
      loading.clear();
    }
    const key = `${user.userId}\u0000${user.appKey}\u0000${v.permissions}\u0000${json}`;
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at <= MAX_AGE_MS) return hit.result;
    const pending = loading.get(key);
    if (pending) return pending;
    const started = version;
    const promise = load().finally(() => loading.delete(key));
    loading.set(key, promise);
    const result = await promise;
    if (started === version) {
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, { at: now, result });
    }
    return result;
  };
}
