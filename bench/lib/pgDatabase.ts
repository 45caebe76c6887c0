// On PostgreSQL every bench child gets its own fresh database (created on DATABASE_URL's server, dropped
// after), so parts and runs never see each other's rows. On SQLite: nothing to do.
// BENCH_KEEP_DB=<name> (session 28): that database is created once and kept (seeding 100,000 articles takes
// minutes), like BENCH_KEEP_DIR on SQLite; `reused` says whether it held articles already.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminQuery, databaseUrlOf } from '../../tests/api/helpers/pgAdmin.js';

export async function freshDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void>; reused: boolean }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { url: undefined, drop: async () => {}, reused: false };
  const keep = process.env.BENCH_KEEP_DB;
  if (keep) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    const exists = (await client.query('select 1 from pg_database where datname = $1', [keep])).rowCount;
    await client.end();
    if (!exists) await adminQuery(admin, `CREATE DATABASE "${keep}"`);
    const url = databaseUrlOf(admin, keep);
    return { url, drop: async () => {}, reused: !!exists && (await seeded(url)) };
  }
  const name = `portal_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE "${name}"`);
  return { url: databaseUrlOf(admin, name), drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`), reused: false };
}

/** Whether a kept database holds indexed articles already. */
async function seeded(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return ((await client.query(`select 1 from pg_tables where tablename = 'article_search'`)).rowCount ?? 0) > 0 && ((await client.query('select 1 from article_search limit 1')).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}
