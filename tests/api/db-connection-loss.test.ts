import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// PostgreSQL only: a connection the database ends (restart, an administrator's pg_terminate_backend)
// must not end the server; the pool opens a new one and the next call is answered.
const onPostgres = !!process.env.DATABASE_URL;
let server: TestServer;

beforeAll(async () => {
  if (onPostgres) server = await startTestServer();
});
afterAll(async () => server?.close());

describe.runIf(onPostgres)('a PostgreSQL connection lost while idle', () => {
  it('is logged and replaced; the server goes on answering', async () => {
    const token = await login(server.url, 'admin', server.adminPassword);
    const list = () => call<{ totalRow: number }>(server.url, '/api/article/list', { token, body: { pageNum: 1, pageSize: 5 } });
    expect((await list()).body.errorCode).toBe('0');
    const dbUrl = server.app.portal.config.databaseUrl as string;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const name = new URL(dbUrl).pathname.slice(1);
      const killed = await admin.query('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1', [name]);
      expect(killed.rowCount, 'the server held idle connections').toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 300));
    const again = await list();
    expect(again.body.errorCode, again.body.errorMsg).toBe('0');
    expect(again.body.data.totalRow).toBeGreaterThan(0);
  });

  it('fails only the query it was running when lost while checked out (a transaction), never the process', async () => {
    const uncaught: unknown[] = [];
    const hear = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', hear);
    const db = server.app.db;
    // A transaction holding its connection (checked out of the pool) while the database ends it. It sleeps a
    // minute, which the termination cuts short (was 5 s: a loaded machine could see the query late and the
    // sleep end before it was terminated).
    const held = db
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_sleep(60)`.execute(trx);
      })
      .then(
        () => 'committed',
        (e: unknown) => String(e),
      );
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const name = new URL(server.app.portal.config.databaseUrl as string).pathname.slice(1);
      await expect.poll(async () => (await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE '%pg_sleep(60)%' AND pid <> pg_backend_pid()", [name])).rows[0].n).toBe(1);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query LIKE '%pg_sleep(60)%' AND pid <> pg_backend_pid()", [name]);
    } finally {
      await admin.end();
    }
    expect(await held).toMatch(/terminat/i);
    // The lost client's 'error' event is heard by the server (unheard, it is an uncaught exception).
    await new Promise((r) => setTimeout(r, 300));
    process.off('uncaughtException', hear);
    expect(uncaught.map(String)).toEqual([]);
    const token = await login(server.url, 'admin', server.adminPassword);
    const again = await call<{ totalRow: number }>(server.url, '/api/article/list', { token, body: { pageNum: 1, pageSize: 5 } });
    expect(again.body.errorCode, again.body.errorMsg).toBe('0');
  });
});
