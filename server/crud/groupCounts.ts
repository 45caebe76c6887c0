import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { CountCondition, GroupCountsDecl } from '../../resources/shape/groupCounts.js';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { bodyOf, isBlank, queryOf } from '../http/params.js';
import { describeInput, NO_INPUT, TIME_RANGE, type InputFields } from '../http/routeInput.js';
import { sendWorkbook } from '../shared/excel.js';
import { wholePage } from '../shared/paging.js';
import { formatDateTime } from '../util/time.js';
import { countBy } from './countBy.js';
import { rangeBound } from './listQuery.js';

/**
 * Declared group counts (`groupCounts`, resources/shape/groupCounts.ts; docs/extending.md): per value of a
 * field, how many of the records match each declared condition, counted now in one grouped query.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = any;

/** One condition as SQL: its equalities and comparisons ANDed. */
export function conditionSql(eb: Eb, c: CountCondition, now: string): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = Object.entries(c.where ?? {}).map(([column, value]) =>
    value === null ? eb(eb.ref(column), 'is', null) : Array.isArray(value) ? eb(eb.ref(column), 'in', value) : eb(eb.ref(column), '=', value),
  );
  for (const [field, op, other] of c.compare ?? []) parts.push(eb(eb.ref(field), op, other === '$now' ? now : eb.ref(other)));
  return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
}

const rate = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '0.0%');

/** The rows of one declared group count for a search: one per group, in the declared order. */
export async function groupCountRows(app: FastifyInstance, decl: ResourceDecl, g: GroupCountsDecl, search: Row): Promise<Row[]> {
  const now = formatDateTime();
  let q: Eb = dynamic(app.db).selectFrom(decl.table).where(g.by.field, 'is not', null);
  // The bounds as every declared range reads them ('时间' names a bad one, as no field's label would fit).
  if (g.range && !isBlank(search.startTime)) q = q.where(g.range, '>=', rangeBound(undefined, search.startTime, false));
  if (g.range && !isBlank(search.endTime)) q = q.where(g.range, '<=', rangeBound(undefined, search.endTime, true));
  if (g.params?.key && !isBlank(search[g.params.key])) q = q.where(g.by.field, '=', Number(search[g.params.key]));
  if (g.params?.contains && !isBlank(search[g.params.contains])) {
    q = q.where(sql`${sql.ref(g.title.field)} like ${`%${String(search[g.params.contains]).trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
  }
  // Each count with conditions a sum (under its own name: `count` is every record of the group).
  const sums = Object.fromEntries(g.counts.filter((c) => c.when?.length).map((c) => [`__${c.name}`, (eb: Eb) => eb.or(c.when!.map((w) => conditionSql(eb, w, now)))]));
  const rows = await countBy(q, { groups: [{ name: '__key', expr: (eb: Eb) => eb.ref(g.by.field) }], also: { __name: () => sql<string>`max(${sql.ref(g.title.field)})` }, sums });
  const list = rows.map((r) => {
    const out: Row = { [g.by.as]: Number(r.__key), [g.title.as]: r.__name };
    for (const c of g.counts) out[c.name] = Number((c.when?.length ? r[`__${c.name}`] : r.count) ?? 0);
    for (const x of g.rates ?? []) out[x.name] = rate(Number(out[x.part]), Number(out[x.whole]));
    return out;
  });
  return list.sort((a, b) => Number(b[g.orderBy]) - Number(a[g.orderBy]) || Number(a[g.by.as]) - Number(b[g.by.as]));
}

function countsInput(g: GroupCountsDecl) {
  const fields: Record<string, InputFields[string]> = { ...(g.range ? TIME_RANGE : {}) };
  if (g.params?.key) fields[g.params.key] = ['integer', `${g.title.header}ID`];
  if (g.params?.contains) fields[g.params.contains] = ['string', `${g.title.header}名称（包含）`];
  return Object.keys(fields).length ? describeInput({ either: fields }) : NO_INPUT;
}

const searchOf = (request: FastifyRequest): Row => ({ ...queryOf(request), ...bodyOf(request) });

/** The routes of the declaration's `groupCounts`: the counts, and their export. */
export function registerGroupCountRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  for (const g of decl.groupCounts ?? []) {
    const schema = countsInput(g);
    app.post(g.path, { config: { permission: g.permission }, schema, attachValidation: true }, async (request) => ok(wholePage(await groupCountRows(app, decl, g, searchOf(request)))));
    const ex = g.export;
    if (!ex) continue;
    const columns = [
      { header: g.title.header, key: g.title.as, width: 20 },
      ...[...g.counts, ...(g.rates ?? [])].map((c) => ({ header: c.label, key: c.name, width: 10 })),
    ];
    app.post(ex.path, { config: { permission: ex.permission }, schema, attachValidation: true }, async (request, reply) => {
      const rows = await groupCountRows(app, decl, g, searchOf(request));
      return sendWorkbook(reply, `${ex.fileName}_${formatDateTime().slice(0, 10)}.xlsx`, [{ name: ex.sheet, columns, rows }]);
    });
  }
}
