import { sql } from 'kysely';
import type { ResourceDecl } from '../../../resources/types.js';
import type { EconomicArea } from '../../../resources/economic/catalogue.js';
import { applyFilters, readPaging, readSort } from '../../crud/listQuery.js';
import type { Page } from '../../crud/service.js';
import type { Db, Row } from '../../db/types.js';
import { invalidValue, notFoundRecord, PortalError } from '../../http/errors.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { periodLabel } from '../../../resources/economic/catalogue.js';
import { formatDateTime } from '../../util/time.js';
import { describe, periodRank, type FigureValues } from './figures.js';

export const TABLE = 'economic_figure';
/** Most rows one chart or one export reads: 8 indicators × 12 months × 20 years fits. */
export const SERIES_MAX = 2000;

/** A year bound of a search: blank is none, anything but a year 1900–2100 is 1002. */
function yearBound(v: unknown, label: string): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{4}\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1900 || n > 2100) throw invalidValue(`${label}应为四位年份`);
  return n;
}

/** The area's rows with the declared filters: periodType and indicator exactly, startYear–endYear as years. */
function filtered(db: Db, decl: ResourceDecl, area: EconomicArea, search: Row) {
  const start = yearBound(search.startYear, '开始年份');
  const end = yearBound(search.endYear, '结束年份');
  let q = applyFilters(db.selectFrom(TABLE).where('area', '=', area.key), decl, { ...search, startYear: '', endYear: '' });
  if (start !== null) q = q.where('year', '>=', start);
  if (end !== null) q = q.where('year', '<=', end);
  return q;
}

export async function listFigures(db: Db, decl: ResourceDecl, area: EconomicArea, search: Row): Promise<Page> {
  const { pageNum, pageSize } = readPaging(search);
  const sort = readSort(decl, search);
  const base = filtered(db, decl, area, search);
  const count = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string } | undefined;
  const totalRow = Number(count?.n ?? 0);
  const rows = (await base
    .selectAll()
    .orderBy(sort.field, sort.order)
    .orderBy('period', sort.field === 'year' ? sort.order : 'desc')
    .orderBy('id', 'asc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute()) as Row[];
  return { list: rows.map((r) => describe(area, r)), currPage: pageNum, totalRow, totalPage: Math.ceil(totalRow / pageSize) };
}

/** Every matching row in period order (charts, exports), at most SERIES_MAX. */
export async function seriesFigures(db: Db, decl: ResourceDecl, area: EconomicArea, search: Row): Promise<Row[]> {
  const rows = (await filtered(db, decl, area, search)
    .selectAll()
    .orderBy('year', 'asc')
    .orderBy('periodType', 'asc')
    .orderBy('period', 'asc')
    .orderBy('id', 'asc')
    .limit(SERIES_MAX)
    .execute()) as Row[];
  const order = new Map(area.indicators.map((i, n) => [i.code, n]));
  return rows
    .sort((a, b) => periodRank(a) - periodRank(b) || (order.get(String(a.indicator)) ?? 99) - (order.get(String(b.indicator)) ?? 99))
    .map((r) => describe(area, r));
}

export async function getFigure(db: Db, area: EconomicArea, id: number): Promise<Row> {
  const row = (await db.selectFrom(TABLE).selectAll().where('area', '=', area.key).where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFoundRecord();
  return describe(area, row);
}

async function findSame(db: Db, area: EconomicArea, v: FigureValues): Promise<Row | undefined> {
  return (await db
    .selectFrom(TABLE)
    .select('id')
    .where('area', '=', area.key)
    .where('indicator', '=', v.indicator)
    .where('periodType', '=', v.periodType)
    .where('year', '=', v.year)
    .where('period', '=', v.period)
    .executeTakeFirst()) as Row | undefined;
}

function duplicate(area: EconomicArea, v: FigureValues): PortalError {
  const name = area.indicators.find((i) => i.code === v.indicator)?.name ?? v.indicator;
  return new PortalError(1004, `该统计期的数据已存在：${name}（${periodLabel(v.periodType, v.year, v.period)}）`);
}

/** Adds a figure, or changes the one `id` names; one figure per indicator and period (1004). */
export async function saveFigure(db: Db, area: EconomicArea, user: PortalUser, v: FigureValues, id: number | null): Promise<Row> {
  const now = formatDateTime();
  return db.transaction().execute(async (trx) => {
    const same = await findSame(trx, area, v);
    if (same && Number(same.id) !== id) throw duplicate(area, v);
    let targetId = id;
    if (id === null) {
      const values = { area: area.key, ...v, deptId: user.deptId, deptName: user.deptName, creatorId: user.userId, creatorName: user.name, createTime: now, updateTime: now };
      const row = (await trx.insertInto(TABLE).values(values).returning('id').executeTakeFirstOrThrow()) as Row;
      targetId = Number(row.id);
    } else {
      const found = await trx.selectFrom(TABLE).select('id').where('area', '=', area.key).where('id', '=', id).executeTakeFirst();
      if (!found) throw notFoundRecord();
      await trx.updateTable(TABLE).set({ ...v, updateTime: now }).where('id', '=', id).execute();
    }
    const row = (await trx.selectFrom(TABLE).selectAll().where('id', '=', targetId).executeTakeFirstOrThrow()) as Row;
    return describe(area, row);
  });
}

/** All or nothing: an id of another area or an unknown id deletes nothing (1003). */
export async function deleteFigures(db: Db, area: EconomicArea, ids: number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom(TABLE).select('id').where('area', '=', area.key).where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw notFoundRecord();
    const result = await trx.deleteFrom(TABLE).where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/**
 * Writes checked import rows in one transaction: a row for a period that already has a figure
 * replaces its value, growth and remark; the others are added. Answers how many of each.
 */
export async function importFigures(db: Db, area: EconomicArea, user: PortalUser, rows: FigureValues[]): Promise<{ added: number; updated: number }> {
  const now = formatDateTime();
  return db.transaction().execute(async (trx) => {
    let added = 0;
    let updated = 0;
    for (const v of rows) {
      const same = await findSame(trx, area, v);
      if (same) {
        await trx.updateTable(TABLE).set({ value: v.value, growthRate: v.growthRate, remark: v.remark, updateTime: now }).where('id', '=', Number(same.id)).execute();
        updated++;
      } else {
        await trx
          .insertInto(TABLE)
          .values({ area: area.key, ...v, deptId: user.deptId, deptName: user.deptName, creatorId: user.userId, creatorName: user.name, createTime: now, updateTime: now })
          .execute();
        added++;
      }
    }
    return { added, updated };
  });
}

/** For each indicator of the area, its figure of the latest period (a year before its cumulative Q4/December). */
export async function latestFigures(db: Db, area: EconomicArea): Promise<Row[]> {
  const rows = (await db
    .selectFrom(TABLE)
    .select(['indicator', 'periodType', 'year', 'period', 'value', 'growthRate', 'updateTime'])
    .where('area', '=', area.key)
    .where('year', '>=', sql<number>`(select max(${sql.ref('year')}) - 2 from ${sql.table(TABLE)} where ${sql.ref('area')} = ${area.key})`)
    .execute()) as Row[];
  const best = new Map<string, Row>();
  for (const r of rows) {
    const have = best.get(String(r.indicator));
    if (!have || periodRank(r) > periodRank(have)) best.set(String(r.indicator), r);
  }
  return area.indicators.filter((i) => best.has(i.code)).map((i) => describe(area, best.get(i.code) as Row));
}
