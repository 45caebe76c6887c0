// On PostgreSQL every bench child gets its own fresh database (created on DATABASE_URL's server, dropped
// after), so parts and runs never see each other's rows. On SQLite: nothing to do.
import { randomBytes } from 'node:crypto';
import { adminQuery, databaseUrlOf } from '../../tests/api/helpers/pgAdmin.js';

export async function freshDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { url: undefined, drop: async () => {} };
  const name = `portal_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE "${name}"`);
  return { url: databaseUrlOf(admin, name), drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
