import { readSearchVersion, resultCaches } from '../../../auth/cacheVersions.js';
import type { Db } from '../../../db/types.js';

/** Most results kept at once; the oldest goes first beyond that. */
const MAX_ENTRIES = 1000;
/** A result's view counts (`hits`, which do not move the counter) are at most this old. */
const MAX_AGE_MS = 30_000;

/**
 * Search results by their parsed query, valid while the search counter (server/auth/cacheVersions.ts) has
 * not moved: triggers raise it on every write to the search index, to an article field a result shows and
 * to columns, by any instance, so a published, changed or withdrawn article shows in the very next search.
 * Only view counts may lag, by up to MAX_AGE_MS. Searches that miss together share one load. `isOn` says
 * whether this cache is switched on (the bench switches answers and counts separately).
 */
export function createSearchCache<T>(isOn: () => boolean = () => resultCaches.enabled) {
  let version = -1;
  const entries = new Map<string, { at: number; result: T }>();
  const loading = new Map<string, Promise<T>>();
  return async function cached(db: Db, query: unknown, load: () => Promise<T>): Promise<T> {
    if (!isOn()) return load();
    const v = await readSearchVersion(db);
    if (v < version) return load();
    if (v > version) {
      version = v;
      entries.clear();
      loading.clear();
    }
    const key = JSON.stringify(query);
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at <= MAX_AGE_MS) return hit.result;
    const pending = loading.get(key);
    if (pending) return pending;
    const promise = load().finally(() => loading.delete(key));
    loading.set(key, promise);
    const result = await promise;
    if (version === v) {
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, { at: now, result });
    }
    return result;
  };
}
