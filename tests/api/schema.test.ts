import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import announcement from '../../resources/announcement';
import { indexedColumns } from '../../server/db/schemaSync';
import { startTestServer, type TestServer } from './helpers/testServer';

// Declared tables get an index on every column their lists sort or filter by exactly, on both databases.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function indexNames(table: string): Promise<string[]> {
  const db = server.app.db;
  const rows =
    server.app.portal.dialect === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db);
  return rows.rows.map((r) => r.name);
}

describe('indexes of declared tables', () => {
  it('chooses the sort, exact-filter and ownership columns, never the key or other columns', () => {
    const columns = indexedColumns(announcement);
    expect(columns).toEqual(expect.arrayContaining(['publishTime', 'sort', 'createTime', 'type', 'status', 'deptId', 'creatorId']));
    expect(columns).not.toContain('id');
    expect(columns).not.toContain('source');
    expect(columns).not.toContain('content');
  });

  it('exist in the database after start', async () => {
    const names = await indexNames('announcement');
    for (const column of indexedColumns(announcement)) expect(names).toContain(`announcement_${column}_idx`);
  });
});
