import { DEFAULT_PASSWORD_TYPES } from '../../resources/passwordRule.js';
import type { Db } from '../db/types.js';
import { PortalError } from '../http/errors.js';

/**
 * The password rule in force (docs/system-security.md): the enabled row of `password_rule`
 * (resources/passwordRule.ts), or the defaults when none is enabled. Read at every login and every
 * password change, so a rule change takes effect at the next one.
 */
export interface PasswordRule {
  minLength: number;
  /** How many of the character classes (upper, lower, digit, special) a password must contain. */
  classCount: number;
  /** Days after a change when the password counts as expired; 0 = never. */
  expireDays: number;
  /** Failed logins in a row that lock the account; 0 = never locks. */
  maxFailures: number;
  lockMinutes: number;
}

export const defaultPasswordRule: PasswordRule = { minLength: 8, classCount: 3, expireDays: 90, maxFailures: 5, lockMinutes: 10 };

/** A character class of the password types (`password_type`, resources/passwordRule.ts). */
export interface PasswordClass {
  name: string;
  pattern: string;
}

export const defaultPasswordTypes: readonly PasswordClass[] = DEFAULT_PASSWORD_TYPES;

const num = (v: unknown, fallback: number) => {
  const n = Number(v);
  return v === null || v === undefined || v === '' || !Number.isFinite(n) || n < 0 ? fallback : Math.floor(n);
};

export async function currentPasswordRule(db: Db): Promise<PasswordRule> {
  const row = (await db
    .selectFrom('password_rule')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('id', 'desc')
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return { ...defaultPasswordRule };
  return {
    minLength: Math.max(1, num(row.minLength, defaultPasswordRule.minLength)),
    classCount: Math.min(4, num(row.classCount, defaultPasswordRule.classCount)),
    expireDays: num(row.expireDays, defaultPasswordRule.expireDays),
    maxFailures: num(row.maxFailures, defaultPasswordRule.maxFailures),
    lockMinutes: Math.max(1, num(row.lockMinutes, defaultPasswordRule.lockMinutes)),
  };
}

export async function currentPasswordTypes(db: Db): Promise<PasswordClass[]> {
  const rows = (await db.selectFrom('password_type').select(['name', 'pattern']).orderBy('id').execute()) as PasswordClass[];
  const usable = rows.filter((r) => {
    try {
      new RegExp(String(r.pattern));
      return Boolean(r.pattern);
    } catch {
      return false;
    }
  });
  return usable.length ? usable : defaultPasswordTypes.map((t) => ({ ...t }));
}

/** Checks a password against a rule; answers the Chinese reason or null. Pure, for tests and the client. */
export function passwordProblem(
  password: string,
  rule: PasswordRule,
  classes: readonly PasswordClass[],
  context: { username?: string } = {},
): string | null {
  if (typeof password !== 'string' || password.length === 0) return '密码不能为空';
  if (password.length < rule.minLength) return `密码长度不能少于${rule.minLength}位`;
  if (password.length > 64) return '密码长度不能超过64位';
  if (/\s/.test(password)) return '密码不能包含空格';
  const need = Math.min(rule.classCount, classes.length);
  const have = classes.filter((c) => new RegExp(c.pattern).test(password)).length;
  if (have < need) return `密码须包含${classes.map((c) => c.name).join('、')}中的至少${need}类`;
  const name = context.username?.trim();
  if (name && name.length >= 3 && password.toLowerCase().includes(name.toLowerCase())) return '密码不能包含用户名';
  return null;
}

/** Throws `PortalError('1002', …)` when the new password breaks the rule in force. */
export async function validateNewPassword(db: Db, password: string, context: { username?: string }): Promise<void> {
  const rule = await currentPasswordRule(db);
  const classes = await currentPasswordTypes(db);
  const problem = passwordProblem(password, rule, classes, context);
  if (problem) throw new PortalError('1002', problem);
}
