import type { Kysely } from 'kysely';

/**
 * The query handle. Tables of declared resources only exist at run time, so the database type is
 * open; values are checked by the CRUD validation instead of by the compiler.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>;

export type DialectName = 'sqlite' | 'postgres';

export type Row = Record<string, unknown>;
