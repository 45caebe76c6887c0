import { sql, type Expression, type SqlBool } from 'kysely';
import type { Row } from '../db/types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = any;

/** A group of a count: its answered name and its expression (a column: `(eb) => eb.ref('deptId')`). */
export interface CountGroup {
  readonly name: string;
  readonly expr: (eb: Eb) => Eb;
}

export interface CountSpec {
  readonly groups?: readonly CountGroup[];
  /** name → condition: how many of the group's records match it (`sum(case when … then 1 else 0 end)`). */
  readonly sums?: Readonly<Record<string, (eb: Eb) => Expression<SqlBool> | Eb>>;
  /** name → another aggregate answered with the group (a group's title: `max(name)`). */
  readonly also?: Readonly<Record<string, (eb: Eb) => Eb>>;
}

/**
 * The one counting query of the generic machinery — the local API's `count`, a declared read's `counts` and
 * `stateCounts` shapes, declared `groupCounts` — over a query of records: per group (one row without groups)
 * the group's values, `count` (every record) and each of `sums`, numbers, in one SQL query.
 */
export async function countBy(q: Eb, spec: CountSpec): Promise<Row[]> {
  const groups = spec.groups ?? [];
  const sums = Object.entries(spec.sums ?? {});
  let query = q.select((eb: Eb) => [
    ...groups.map((g) => g.expr(eb).as(g.name)),
    ...Object.entries(spec.also ?? {}).map(([name, f]) => f(eb).as(name)),
    eb.fn.countAll().as('count'),
    ...sums.map(([name, when]) => sql<number>`sum(case when ${when(eb)} then 1 else 0 end)`.as(name)),
  ]);
  // By the position in the select list (both databases): PostgreSQL would not match an expression written twice
  // with its own parameters ($1 in the select, $3 in the group by).
  if (groups.length) query = query.groupBy(groups.map((_g, i) => sql.raw(String(i + 1))));
  const rows = (await query.execute()) as Row[];
  return rows.map((r) => ({ ...r, count: Number(r.count), ...Object.fromEntries(sums.map(([name]) => [name, Number(r[name] ?? 0)])) }));
}
