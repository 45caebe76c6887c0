import type { Db } from '../db/types.js';
import { formatDateTime, parseDateTime } from '../util/time.js';
import { resolveSession, type LiveSession } from './sessions.js';
import { sha256 } from './tokens.js';

/** Most sessions kept at once; the oldest entry goes first beyond that. */
const MAX_ENTRIES = 10_000;
/** Touch `lastSeenAt` at most this often (as resolveSession does). */
const TOUCH_MS = 15_000;

interface Entry {
  session: LiveSession;
  /** lastSeenAt as this instance last read or wrote it (never later than the stored one). */
  lastSeenMs: number;
  version: number;
}

/**
 * Live sessions by token hash, valid while the sessions counter (server/auth/cacheVersions.ts, raised by
 * triggers when a session is revoked or deleted, by any instance) has not moved. The idle limit is checked
 * against the last touch this instance knows of; when that looks idle the stored row decides (another
 * instance may have touched it since), so a cached entry never keeps a session alive longer than the row.
 */
export function createSessionCache(db: Db, idleMinutes: number) {
  const entries = new Map<string, Entry>();
  const idleMs = idleMinutes * 60_000;
  return async function cachedSession(token: string, appKey: string, version: number): Promise<LiveSession | null> {
    const tokenHash = sha256(token);
    const hit = entries.get(tokenHash);
    const now = Date.now();
    if (hit && hit.version === version && hit.session.appKey === appKey && now - hit.lastSeenMs <= idleMs) {
      if (now - hit.lastSeenMs > TOUCH_MS) {
        const stamp = formatDateTime(new Date(now));
        await db.updateTable('sessions').set({ lastSeenAt: stamp }).where('tokenHash', '=', tokenHash).execute();
        hit.lastSeenMs = parseDateTime(stamp).getTime();
      }
      return hit.session;
    }
    entries.delete(tokenHash);
    const session = await resolveSession(db, token, appKey, idleMinutes);
    if (!session) return null;
    // A session that must change its password first is not kept: clearing its mark must show on the next call.
    if (session.mustChangePassword) return session;
    const lastSeenMs = session.lastSeenMs ?? Number.NaN;
    if (!Number.isFinite(lastSeenMs)) return session;
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(tokenHash, { session, lastSeenMs, version });
    return session;
  };
}
