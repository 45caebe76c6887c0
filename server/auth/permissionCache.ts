import type { Db } from '../db/types.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { loadPortalUser } from './userContext.js';

type Cached = Omit<PortalUser, 'tokenHash'>;

/** Most users kept at once; the oldest entry goes first beyond that. */
const MAX_ENTRIES = 5000;

/**
 * Per-user permission sets keyed by (user, app), valid while the database's permission counter
 * (server/auth/permissionVersion.ts) has not moved since they were read. The counter is read before the
 * set, so a change that lands during a load leaves an entry that is already stale.
 */
export function createPermissionCache(db: Db) {
  const entries = new Map<string, { version: number; user: Cached }>();
  /** `version`: the permission counter, read by the caller before this call (server/auth/cacheVersions.ts). */
  return async function cachedPortalUser(userId: number, appKey: string, tokenHash: string, version: number): Promise<PortalUser | null> {
    const key = `${userId}\u0000${appKey}`;
    const hit = entries.get(key);
    if (hit && hit.version === version) return { ...hit.user, tokenHash };
    const user = await loadPortalUser(db, userId, appKey, tokenHash);
    entries.delete(key);
    if (!user) return null;
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    const { tokenHash: _omit, ...rest } = user;
    void _omit;
    entries.set(key, { version, user: rest });
    return user;
  };
}
