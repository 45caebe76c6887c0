import type { Db } from '../db/types.js';
import { formatDateTime, parseDateTime } from '../util/time.js';
import { newToken, sha256 } from './tokens.js';

/** Opens a session; only the token's SHA-256 is stored. `mustChangePassword` marks it (server/auth/passwordChange.ts). */
export async function createSession(db: Db, userId: number, appKey: string, mustChangePassword = false): Promise<string> {
  const token = newToken();
  const now = formatDateTime();
  await db
    .insertInto('sessions')
    .values({ tokenHash: sha256(token), userId, appKey, createdAt: now, lastSeenAt: now, revoked: 0, mustChangePassword: mustChangePassword ? 1 : 0 })
    .execute();
  return token;
}

export interface LiveSession {
  tokenHash: string;
  userId: number;
  appKey: string;
  /** The password must be changed before any other call. */
  mustChangePassword: boolean;
  /** lastSeenAt as stored after this call (for server/auth/sessionCache.ts). */
  lastSeenMs?: number;
}

/** The session of a token when it is live, bound to this app and not idle too long; touches it. */
export async function resolveSession(
  db: Db,
  token: string,
  appKey: string,
  idleMinutes: number,
): Promise<LiveSession | null> {
  const tokenHash = sha256(token);
  const row = (await db.selectFrom('sessions').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst()) as
    | { userId: number; appKey: string; lastSeenAt: string; revoked: number; mustChangePassword?: number | null }
    | undefined;
  if (!row || row.revoked !== 0 || row.appKey !== appKey) return null;
  const last = parseDateTime(row.lastSeenAt).getTime();
  const now = Date.now();
  if (!Number.isFinite(last) || now - last > idleMinutes * 60_000) return null;
  // Touch at most every 15 s so busy clients don't write on every call.
  let lastSeenMs = last;
  if (now - last > 15_000) {
    const stamp = formatDateTime(new Date(now));
    await db.updateTable('sessions').set({ lastSeenAt: stamp }).where('tokenHash', '=', tokenHash).execute();
    lastSeenMs = parseDateTime(stamp).getTime();
  }
  return { tokenHash, userId: row.userId, appKey: row.appKey, mustChangePassword: Number(row.mustChangePassword ?? 0) === 1, lastSeenMs };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked: 1 }).where('tokenHash', '=', tokenHash).execute();
}
