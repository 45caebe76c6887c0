import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { moduleMigrations } from './moduleMigrations.js';
import { addSerialKey } from './columns.js';
import type { Db, DialectName } from './types.js';

/** Core tables: people, departments, roles, the menu/permission tree, sessions and captchas. */
function coreTables(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await addSerialKey(db.schema.createTable('departments'), 'id', dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('no', 'text')
        .addColumn('desc', 'text')
        .addColumn('phone', 'text')
        .addColumn('dingId', 'text')
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('parentId', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deptType', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('isCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('type', 'integer')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await addSerialKey(db.schema.createTable('users'), 'userId', dialect)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mobile', 'text')
        .addColumn('sex', 'integer')
        .addColumn('idNumber', 'text')
        .addColumn('passwordHash', 'text', (c) => c.notNull())
        .addColumn('deptId', 'integer', (c) => c.references('departments.id'))
        .addColumn('dingId', 'text')
        .addColumn('ehrNo', 'text')
        .addColumn('enterAt', 'text')
        .addColumn('position', 'text')
        .addColumn('positionName', 'text')
        .addColumn('userType', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('createTime', 'text')
        .addColumn('updateTime', 'text')
        .execute();

      await addSerialKey(db.schema.createTable('roles'), 'roleId', dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('roleAlias', 'text', (c) => c.unique())
        .addColumn('description', 'text')
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('dingAppKey', 'text')
        .addColumn('dataScope', 'text', (c) => c.notNull().defaultTo('SELF'))
        .addColumn('createTime', 'text')
        .execute();

      await db.schema
        .createTable('user_roles')
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.userId').onDelete('cascade'))
        .addColumn('roleId', 'integer', (c) => c.notNull().references('roles.roleId').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_roles_pk', ['userId', 'roleId'])
        .execute();

      await addSerialKey(db.schema.createTable('resources'), 'id', dialect)
        .addColumn('parentId', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('alias', 'text', (c) => c.notNull())
        .addColumn('icon', 'text')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('dingAppKey', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('resources_app_alias', ['dingAppKey', 'alias'])
        .execute();

      await db.schema
        .createTable('role_resources')
        .addColumn('roleId', 'integer', (c) => c.notNull().references('roles.roleId').onDelete('cascade'))
        .addColumn('resourceId', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('role_resources_pk', ['roleId', 'resourceId'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('tokenHash', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.userId').onDelete('cascade'))
        .addColumn('appKey', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('lastSeenAt', 'text', (c) => c.notNull())
        .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('captchas')
        .addColumn('codeId', 'text', (c) => c.primaryKey())
        .addColumn('answerHash', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** Migrations live in code so a fresh checkout needs no migration files on disk. */
class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const all: Record<string, Migration> = { '2026_001_core': coreTables(this.dialect) };
    for (const { name, migration } of moduleMigrations) all[name] = migration(this.dialect);
    return all;
  }
}

export async function migrate(db: Db, dialect: DialectName): Promise<void> {
  // Modules add migrations independently; a name may sort before one a database already ran.
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败：${failed?.migrationName ?? ''}`, { cause: error });
  }
}

/** Names of migrations this code knows that the database has not run (/readyz). */
export async function pendingMigrations(db: Db, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect), allowUnorderedMigrations: true });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}
