import { sql } from 'kysely';
import type { ResourceDecl } from '../../../resources/types.js';
import type { DynamicDb, Row } from '../../db/types.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { reachedQuery } from './localApi.js';
import type { CountOptions } from './types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = any;

/**
 * The local API's `count`: how many of the records `find` would read (the caller's reach, `where`, the search
 * and its listWhere hooks) there are per group, in one grouped query — `{ <group>: value…, count }` rows, in
 * no particular order (one row without groups). 报送统计 counts the submissions per department and state so.
 */
export async function countRecords(db: DynamicDb, decl: ResourceDecl, user: PortalUser, options: CountOptions = {}): Promise<Row[]> {
  const groups = (options.groupBy ?? []).map((g) => (typeof g === 'string' ? { name: g, expr: (eb: Eb) => eb.ref(`${decl.table}.${g}`) } : g));
  const base = await reachedQuery(db, decl, user, options);
  let q = base.select((eb: Eb) => [...groups.map((g) => g.expr(eb).as(g.name)), eb.fn.countAll().as('count')]);
  // By the position in the select list (both databases): PostgreSQL would not match an expression written twice
  // with its own parameters ($1 in the select, $3 in the group by).
  if (groups.length) q = q.groupBy(groups.map((_g, i) => sql.raw(String(i + 1))));
  const rows = (await q.execute()) as Row[];
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
