import type { Db } from '../db/types.js';
import { PortalError } from '../http/errors.js';
import { bump, clearCounters, extend, peek } from '../http/counterStore.js';
import type { PasswordRule } from './passwordPolicy.js';

/**
 * Failed logins per address and per account+address (docs/system-security.md "Lockout"), counted in the
 * database (`rate_counter`) so they hold across instances. The lock falls on the attacking address first:
 * `rule.maxFailures` wrong passwords from one address lock that account *for that address*; the owner
 * elsewhere still logs in. An address with `perIp` failures (any names) is refused altogether. Only a
 * spread attack (the account's failures from everywhere reaching ACCOUNT_FACTOR × maxFailures) locks the
 * account itself (loginGuard.ts).
 */
export interface ThrottleLimits {
  /** Failures from one address (any account) before that address is refused. */
  perIp: number;
  /** Failures (per account, or per address) after which /user/loginNoCode needs a captcha too. */
  captchaAfter: number;
}

export const ACCOUNT_FACTOR = 4;

const ipKey = (ip: string) => `login:ip:${ip.slice(0, 64)}`;
const pairKey = (userId: number, ip: string) => `login:ua:${userId}:${ip.slice(0, 64)}`;
const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

export const lockedMessage = (minutes: number) => `账号已锁定，请${Math.max(1, minutes)}分钟后再试`;

/** 2003 while this address has failed too often, whatever the name. */
export async function refuseLockedAddress(db: Db, ip: string, limits: ThrottleLimits, now = Date.now()): Promise<void> {
  const c = await peek(db, ipKey(ip), now);
  if (c.count >= limits.perIp) throw new PortalError(2003, `登录失败次数过多，请${minutesLeft(c.resetAt, now)}分钟后再试`);
}

/** 2003 while this account is locked for this address. */
export async function refuseLockedPair(db: Db, userId: number, ip: string, rule: PasswordRule, now = Date.now()): Promise<void> {
  if (rule.maxFailures <= 0) return;
  const c = await peek(db, pairKey(userId, ip), now);
  if (c.count >= rule.maxFailures) throw new PortalError(2003, lockedMessage(minutesLeft(c.resetAt, now)));
}

/** Counts a failure of the address (also for unknown names); the window is the rule's lock time. */
export async function countAddressFailure(db: Db, ip: string, rule: PasswordRule, limits: ThrottleLimits, now = Date.now()): Promise<void> {
  const lockMs = Math.max(1, rule.lockMinutes) * 60_000;
  const c = await bump(db, ipKey(ip), lockMs, now);
  if (c.count >= limits.perIp) await extend(db, ipKey(ip), now + lockMs);
}

/** Counts a wrong password of the account from the address; answers the 2003 when this one locks it. */
export async function countPairFailure(db: Db, userId: number, ip: string, rule: PasswordRule, now = Date.now()): Promise<PortalError | null> {
  if (rule.maxFailures <= 0) return null;
  const lockMs = Math.max(1, rule.lockMinutes) * 60_000;
  const c = await bump(db, pairKey(userId, ip), lockMs, now);
  if (c.count < rule.maxFailures) return null;
  await extend(db, pairKey(userId, ip), now + lockMs);
  return new PortalError(2003, lockedMessage(rule.lockMinutes));
}

/** A success from an address forgets that address's failures on the account. */
export async function clearPair(db: Db, userId: number, ip: string): Promise<void> {
  await clearCounters(db, pairKey(userId, ip));
}

/** The administrator's unlock: every address's lock on the account. */
export async function clearAccount(db: Db, userId: number): Promise<void> {
  await clearCounters(db, `login:ua:${userId}:`, true);
}

/** True when /user/loginNoCode must be answered with a captcha for this account or address. */
export async function captchaRequired(db: Db, failedLogins: number, ip: string, limits: ThrottleLimits): Promise<boolean> {
  if (failedLogins >= limits.captchaAfter) return true;
  return (await peek(db, ipKey(ip))).count >= limits.captchaAfter;
}
