import type { ResourceDecl } from '../../../resources/types.js';
import type { DynamicDb, Row } from '../../db/types.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { countBy } from '../countBy.js';
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
  return countBy(base, { groups });
}
