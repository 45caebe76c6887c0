import { sql, type Migration } from 'kysely';
import type { Db, DialectName } from '../db/types.js';

/**
 * One counter row, `perm_version.v`, that database triggers raise on every change to what a user's
 * permission set is made of (users, departments, roles, user_roles, role_resources, resources = menus and
 * buttons). The authentication hook caches each user's set with the counter it was read under and reads
 * the counter (one primary-key row) on every call: any write, by any server instance or straight in the
 * database, makes every instance reload on the very next call. See docs/system-security.md.
 */
const WATCHED: { table: string; columns?: string[] }[] = [
  // Logins write failedLogins/lockedUntil: only the columns the permission set shows invalidate.
  { table: 'users', columns: ['username', 'name', 'deptId', 'status'] },
  { table: 'departments', columns: ['name'] },
  { table: 'roles' },
  { table: 'user_roles' },
  { table: 'role_resources' },
  { table: 'resources' },
];

export function permissionVersionMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await db.schema.createTable('perm_version').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('v', 'bigint', (c) => c.notNull()).execute();
      await db.insertInto('perm_version').values({ id: 1, v: 1 }).execute();
      if (dialect === 'postgres') {
        await sql`create or replace function perm_version_bump() returns trigger language plpgsql as $$ begin update perm_version set v = v + 1 where id = 1; return null; end $$`.execute(db);
        for (const w of WATCHED) {
          const upd = w.columns ? `update of ${w.columns.map((c) => `"${c}"`).join(', ')}` : 'update';
          await sql.raw(`create trigger perm_bump_${w.table} after insert or ${upd} or delete or truncate on "${w.table}" for each statement execute function perm_version_bump()`).execute(db);
        }
        return;
      }
      for (const w of WATCHED) {
        const events = ['insert', w.columns ? `update of ${w.columns.map((c) => `"${c}"`).join(', ')}` : 'update', 'delete'];
        for (const [i, ev] of events.entries()) {
          await sql.raw(`create trigger perm_bump_${w.table}_${i} after ${ev} on "${w.table}" begin update perm_version set v = v + 1 where id = 1; end`).execute(db);
        }
      }
    },
  };
}

/** The current counter (one primary-key row). */
export async function permissionVersion(db: Db): Promise<number> {
  const row = (await db.selectFrom('perm_version').select('v').where('id', '=', 1).executeTakeFirst()) as { v: number | string } | undefined;
  return Number(row?.v ?? 0);
}
