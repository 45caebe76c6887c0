import pg from 'pg';
import { TableDigest, type TableHash } from './digest.js';
import { runProgram } from './program.js';

export const PG_DUMP_FILE = 'database.pgdump';

/** Every value as PostgreSQL's text, whatever the process's type parsers: hashes compare across processes. */
const rawText = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

export const rawClient = (url: string) => new pg.Client({ connectionString: url, types: rawText });

/** Row counts and content hashes of every table of the public schema, read in the client's transaction. */
export async function hashPostgres(client: pg.Client): Promise<TableHash[]> {
  const { rows } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const out: TableHash[] = [];
  for (const { name } of rows) {
    const digest = new TableDigest();
    await client.query(`declare portal_backup_rows no scroll cursor for select * from "${name.replace(/"/g, '""')}"`);
    for (;;) {
      const batch = await client.query<unknown[]>({ text: 'fetch 2000 from portal_backup_rows', rowMode: 'array' });
      for (const row of batch.rows) digest.add(row);
      if (batch.rows.length < 2000) break;
    }
    await client.query('close portal_backup_rows');
    out.push(digest.finish(name));
  }
  return out;
}

/**
 * pg_dump (custom format) of the database and the manifest's table hashes from one and the same
 * snapshot: a repeatable-read transaction exports its snapshot, pg_dump reads it (`--snapshot`) while
 * the hashes are computed in the transaction itself. Writes go on meanwhile.
 */
export async function backupPostgres(url: string, dest: string, pgDump: string): Promise<TableHash[]> {
  const client = rawClient(url);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]!.s;
    const dump = runProgram(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, '--file', dest, '--dbname', url]);
    // The dump must not be left running (and its rejection unheard) if hashing fails.
    const [tables] = await Promise.all([hashPostgres(client), dump]);
    await client.query('commit');
    return tables;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Table hashes of a database as it is now (after a restore). */
export async function inspectPostgres(url: string): Promise<TableHash[]> {
  const client = rawClient(url);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = await hashPostgres(client);
    await client.query('commit');
    return tables;
  } finally {
    await client.end().catch(() => undefined);
  }
}
