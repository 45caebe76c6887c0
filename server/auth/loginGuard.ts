import type { Db } from '../db/types.js';
import { countFailedLogin, setAccountLock } from '../entities/user.js';
import { PortalError } from '../http/errors.js';
import { formatDateTime, parseDateTime } from '../util/time.js';
import { ACCOUNT_FACTOR, lockedMessage } from './loginThrottle.js';
import { currentPasswordRule, type PasswordRule } from './passwordPolicy.js';

/**
 * Lockout and expiry (docs/system-security.md). Failures are counted in the `users` row, so they hold
 * across restarts and across several server instances. `now` is injectable for tests.
 */
export interface GuardedUser {
  userId: number;
  failedLogins: number | null;
  lockedUntil: string | null;
  passwordChangedAt: string | null;
  mustChangePassword: number | null;
  createTime: string | null;
}

export const GUARD_COLUMNS = ['failedLogins', 'lockedUntil', 'passwordChangedAt', 'mustChangePassword', 'createTime'] as const;

/** Throws 2003 while the account is locked (even before the password is checked). */
export function refuseWhileLocked(user: GuardedUser, now: Date = new Date()): void {
  if (!user.lockedUntil) return;
  const until = parseDateTime(user.lockedUntil).getTime();
  if (!Number.isFinite(until) || until <= now.getTime()) return;
  throw new PortalError(2003, lockedMessage(Math.ceil((until - now.getTime()) / 60_000)));
}

/**
 * Counts a wrong password of the account (from any address). An expired lock starts a fresh count. Only
 * ACCOUNT_FACTOR × the rule's limit locks the account itself for the rule's minutes (a spread attack; one
 * address is locked out far sooner by loginThrottle.ts) and answers the 2003 refusal; otherwise null.
 */
export async function recordFailure(db: Db, user: GuardedUser, rule: PasswordRule, now: Date = new Date()): Promise<PortalError | null> {
  const userId = user.userId;
  const stamp = formatDateTime(now);
  return db.transaction().execute(async (trx) => {
    if (user.lockedUntil && user.lockedUntil <= stamp) {
      await setAccountLock(trx, userId, null);
    }
    const failures = await countFailedLogin(trx, userId);
    if (rule.maxFailures > 0 && failures >= rule.maxFailures * ACCOUNT_FACTOR) {
      const until = new Date(now.getTime() + rule.lockMinutes * 60_000);
      await setAccountLock(trx, userId, formatDateTime(until));
      return new PortalError(2003, lockedMessage(rule.lockMinutes));
    }
    return null;
  });
}

/** A successful login clears the count and any expired lock. */
export async function recordSuccess(db: Db, userId: number): Promise<void> {
  await setAccountLock(db, userId, null);
}

/**
 * True when the user must change the password before anything else: an administrator reset it, or it
 * is older than the rule's expiry days (0 = never). An unknown change time counts from the account's creation.
 */
export function isPasswordExpired(user: Pick<GuardedUser, 'passwordChangedAt' | 'mustChangePassword' | 'createTime'>, rule: PasswordRule, now: Date = new Date()): boolean {
  if (Number(user.mustChangePassword ?? 0) === 1) return true;
  if (rule.expireDays <= 0) return false;
  const since = user.passwordChangedAt ?? user.createTime;
  if (!since) return false;
  const t = parseDateTime(since).getTime();
  if (!Number.isFinite(t)) return false;
  return now.getTime() - t > rule.expireDays * 86_400_000;
}

/** The expiry flag of a logged-in user (for /user/info). */
export async function passwordExpiredFor(db: Db, userId: number): Promise<boolean> {
  const row = (await db.selectFrom('users').select(['passwordChangedAt', 'mustChangePassword', 'createTime']).where('userId', '=', userId).executeTakeFirst()) as
    | Pick<GuardedUser, 'passwordChangedAt' | 'mustChangePassword' | 'createTime'>
    | undefined;
  if (!row) return false;
  return isPasswordExpired(row, await currentPasswordRule(db));
}
