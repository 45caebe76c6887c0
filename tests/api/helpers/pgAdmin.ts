import pg from 'pg';

// PostgreSQL administration for throwaway databases (tests' fresh databases and templates, the bench's):
// one statement on its own connection to DATABASE_URL's server, and the URL of a database there.

export function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
