import type { Migration } from 'kysely';
import type { Db } from '../db/types.js';
import { PortalError } from '../http/errors.js';

/**
 * The forced password change (docs/system-security.md "Expiry and the forced change"). A login whose
 * password must change (initial admin password, set or reset by an administrator, expired) opens a session
 * marked `mustChangePassword`; such a session may only make the calls below until /ding/user/pwd clears the
 * mark. The mark lives on the session row, which the authentication hook reads anyway: no extra query.
 */
export const PASSWORD_CHANGE_CODE = 2005;
export const PASSWORD_CHANGE_MESSAGE = '您的密码为初始密码、已被管理员重置或已过期，请先修改密码';

/** Route patterns a marked session may still call: the change itself, who am I, the menu, the dictionary, logout. */
const ALLOWED = new Set(['/ding/user/pwd', '/user/info', '/user/info/view', '/menu/list', '/data/dict/all/kv', '/people/logout']);

export function refuseUntilPasswordChanged(routePattern: string | undefined): void {
  if (routePattern && ALLOWED.has(routePattern)) return;
  throw new PortalError(PASSWORD_CHANGE_CODE, PASSWORD_CHANGE_MESSAGE);
}

/** Clears the mark of one session (after a successful change). */
export async function clearSessionMark(db: Db, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ mustChangePassword: 0 }).where('tokenHash', '=', tokenHash).execute();
}

/** `2026_300_bohome_session_password_change`: the mark on the session row. */
export function sessionPasswordChangeMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema.alterTable('sessions').addColumn('mustChangePassword', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
