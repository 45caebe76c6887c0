// On PostgreSQL every bench child gets its own fresh database (created on DATABASE_URL's server, dropped
// after), so parts and runs never see each other's rows. On SQLite: nothing to do.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function freshDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { url: undefined, drop: async () => {} };
  const name = `portal_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const run = async (text: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
