import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TallyDecl } from '../../resources/shape/tally.js';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type Db, type DynamicDb, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { invalidValue, notFoundRecord } from '../http/errors.js';
import { bodyOf, isBlank, queryOf, readId } from '../http/params.js';
import { describeInput, ID, PAGING } from '../http/routeInput.js';
import { sendWorkbook } from '../shared/excel.js';
import { increment } from '../shared/counters.js';
import { pageOf } from '../shared/paging.js';
import { formatDateTime } from '../util/time.js';
import { readPaging } from './listQuery.js';

/**
 * Declared running tallies (`tallies`, resources/shape/tally.ts; docs/extending.md): a row of counts per group,
 * kept by the behaviour through `bumpTally`, listed, read, reset, corrected and exported by these routes.
 */

const rate = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '0.0%');

/** A stored row with its rates. */
function withRates(t: TallyDecl, row: Row): Row {
  const out: Row = { ...row };
  for (const x of t.rates ?? []) out[x.name] = rate(Number(row[x.part] ?? 0), Number(row[x.whole] ?? 0));
  return out;
}

/** The rows matching a search (the group's name contains, the group's value), paged or all of them. */
export async function tallyRows(db: Db, t: TallyDecl, search: Row, paged: boolean) {
  let base = dynamic(db).selectFrom(t.table);
  const contains = search[t.params.contains];
  if (!isBlank(contains)) base = base.where(t.key.title, 'like', `%${String(contains).trim().replace(/[\\%_]/g, '')}%`);
  if (!isBlank(search[t.params.key])) base = base.where(t.key.field, '=', Number(search[t.params.key]));
  const n = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
  const { pageNum, pageSize } = paged ? readPaging(search) : { pageNum: 1, pageSize: 10_000 };
  const rows = (await base.selectAll().orderBy(t.orderBy, 'desc').orderBy(t.key.field, 'asc').limit(pageSize).offset((pageNum - 1) * pageSize).execute()) as Row[];
  return pageOf(rows.map((r) => withRates(t, r)), { pageNum, pageSize }, Number(n.n));
}

/** Adds `delta` to one count of a group's row, creating the row on first use (the group's name kept current). */
export async function bumpTally(db: DynamicDb, t: TallyDecl, key: number, title: string, count: string, delta = 1): Promise<void> {
  const now = formatDateTime();
  // The key column is unique: two first bumps at once create one row (the other's insert does nothing).
  await db.insertInto(t.table).values({ [t.key.field]: key, [t.key.title]: title, updateTime: now, resetTime: now }).onConflict((oc) => oc.column(t.key.field).doNothing()).execute();
  await increment(db, t.table, count, { column: t.key.field, keys: key }, { by: delta, also: { [t.key.title]: title, updateTime: now } });
}

const searchOf = (request: FastifyRequest): Row => ({ ...queryOf(request), ...bodyOf(request) });

function tallyInputs(t: TallyDecl) {
  const search = describeInput({ either: { [t.params.contains]: ['string', t.params.containsLabel], [t.params.key]: ['integer', t.params.keyLabel], ...PAGING } });
  const id = describeInput({ either: { id: ID } });
  const update = describeInput({ body: Object.fromEntries(t.counts.map((c) => [c.name, ['integer', c.input] as const])), either: { id: ID } });
  return { search, id, update };
}

/** The routes of the declaration's `tallies`. */
export function registerTallyRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  for (const t of decl.tallies ?? []) {
    const schema = tallyInputs(t);
    const db = dynamic(app.db);
    const getRow = async (id: number) => {
      const row = (await db.selectFrom(t.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
      if (!row) throw notFoundRecord();
      return withRates(t, row);
    };
    const { list, get, reset, update } = t.calls;
    app.post(list.path, { config: { permission: list.permission }, schema: schema.search, attachValidation: true }, async (request) => ok(await tallyRows(app.db, t, searchOf(request), true)));
    app.post(get.path, { config: { permission: get.permission }, schema: schema.id, attachValidation: true }, async (request) => ok(await getRow(readId(request))));
    if (reset) {
      app.post(reset.path, { config: { permission: reset.permission }, schema: schema.id, attachValidation: true }, async (request) => {
        const id = readId(request);
        await getRow(id);
        const now = formatDateTime();
        await db.updateTable(t.table).set({ ...Object.fromEntries(t.counts.map((c) => [c.name, 0])), resetTime: now, updateTime: now }).where('id', '=', id).execute();
        return ok(await getRow(id), reset.success);
      });
    }
    if (update) {
      // A manual correction: the counts given, each an integer from 0 to max (named by its column, as the spec's dto).
      app.post(update.path, { config: { permission: update.permission }, schema: schema.update, attachValidation: true }, async (request) => {
        const body = bodyOf(request);
        const id = readId(request);
        await getRow(id);
        const values: Row = {};
        for (const { name } of t.counts) {
          if (isBlank(body[name])) continue;
          const n = Number(body[name]);
          if (!Number.isInteger(n) || n < 0 || n > t.max) throw invalidValue(`${name}应为0到${t.max}的整数`);
          values[name] = n;
        }
        if (Object.keys(values).length) await db.updateTable(t.table).set({ ...values, updateTime: formatDateTime() }).where('id', '=', id).execute();
        return ok(await getRow(id), update.success);
      });
    }
    registerTallyExtras(app, t, schema);
  }
}

/** The export and the portal's public calls of a tally. */
function registerTallyExtras(app: FastifyInstance, t: TallyDecl, schema: ReturnType<typeof tallyInputs>): void {
  const ex = t.calls.export;
  if (ex) {
    const columns = [
      { header: t.key.header, key: t.key.title, width: 20 },
      ...[...t.counts, ...(t.rates ?? [])].map((c) => ({ header: c.label, key: c.name, width: 10 })),
    ];
    app.post(ex.path, { config: { permission: ex.permission }, schema: schema.search, attachValidation: true }, async (request, reply) => {
      const { list } = await tallyRows(app.db, t, searchOf(request), false);
      return sendWorkbook(reply, `${ex.fileName}_${formatDateTime().slice(0, 10)}.xlsx`, [{ name: ex.sheet, columns, rows: list }]);
    });
  }
  const pub = t.public;
  if (!pub) return;
  const shown = (r: Row) => Object.fromEntries(pub.fields.map((f) => [f, r[f]]));
  app.post(pub.list, { config: { public: true }, schema: schema.search, attachValidation: true }, async (request) => {
    const page = await tallyRows(app.db, t, searchOf(request), true);
    return ok({ ...page, list: page.list.map(shown) });
  });
  app.post(pub.get, { config: { public: true }, schema: schema.id, attachValidation: true }, async (request) => {
    const id = readId(request);
    const row = (await dynamic(app.db).selectFrom(t.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw notFoundRecord();
    return ok(shown(withRates(t, row)));
  });
}
