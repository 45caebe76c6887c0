import { sql } from 'kysely';
import type { ResourceDecl } from '../../../resources/types.js';
import type { EconomicArea } from '../../../resources/economic/catalogue.js';
import { applyFilters } from '../../crud/listQuery.js';
import type { Db, Row } from '../../db/types.js';
import { invalidValue } from '../../http/errors.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { formatDateTime } from '../../util/time.js';
import { describe, periodRank, type FigureValues } from './figures.js';
import { createdBy } from '../../shared/records.js';

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

/** Every matching row in period order (charts, exports), at most SERIES_MAX. */
export async function seriesFigures(db: Db, decl: ResourceDecl, area: EconomicArea, search: Row): Promise<Row[]> {
  const rows = await filtered(db, decl, area, search)
    .selectAll()
    .orderBy('year', 'asc')
    .orderBy('periodType', 'asc')
    .orderBy('period', 'asc')
    .orderBy('id', 'asc')
    .limit(SERIES_MAX)
    .execute();
  const order = new Map(area.indicators.map((i, n) => [i.code, n]));
  return rows
    .sort((a, b) => periodRank(a) - periodRank(b) || (order.get(String(a.indicator)) ?? 99) - (order.get(String(b.indicator)) ?? 99))
    .map((r) => describe(area, r));
}

async function findSame(db: Db, area: EconomicArea, v: FigureValues): Promise<{ id: number } | undefined> {
  return await db
    .selectFrom(TABLE)
    .select('id')
    .where('area', '=', area.key)
    .where('indicator', '=', v.indicator)
    .where('periodType', '=', v.periodType)
    .where('year', '=', v.year)
    .where('period', '=', v.period)
    .executeTakeFirst();
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
        await trx.updateTable(TABLE).set({ value: v.value, growthRate: v.growthRate, remark: v.remark, updateTime: now }).where('id', '=', same.id).execute();
        updated++;
      } else {
        await trx
          .insertInto(TABLE)
          .values({ area: area.key, ...v, ...createdBy(user, now) })
          .execute();
        added++;
      }
    }
    return { added, updated };
  });
}

/** For each indicator of the area, its figure of the latest period (a year before its cumulative Q4/December). */
export async function latestFigures(db: Db, area: EconomicArea): Promise<Row[]> {
  const rows = await db
    .selectFrom(TABLE)
    .select(['indicator', 'periodType', 'year', 'period', 'value', 'growthRate', 'updateTime'])
    .where('area', '=', area.key)
    .where('year', '>=', sql<number>`(select max(${sql.ref('year')}) - 2 from ${sql.table(TABLE)} where ${sql.ref('area')} = ${area.key})`)
    .execute();
  const best = new Map<string, Row>();
  for (const r of rows) {
    const have = best.get(String(r.indicator));
    if (!have || periodRank(r) > periodRank(have)) best.set(String(r.indicator), r);
  }
  return area.indicators.filter((i) => best.has(i.code)).map((i) => describe(area, best.get(i.code) as Row));
}
