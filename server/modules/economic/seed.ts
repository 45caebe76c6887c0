import { ECONOMIC_AREAS, type EconomicArea } from '../../../resources/economic/catalogue.js';
import type { Db, NewRow } from '../../db/types.js';
import type { SeedContext } from '../../seed/domainSeeds.js';
import { TABLE } from './service.js';

/** Base (2020 yearly) value and yearly growth of each demo indicator of 云溪县; `level` figures do not add up over the year. */
const DEMO: Record<string, { base: number; growth: number; level?: boolean }> = {
  gdp: { base: 2_180_000, growth: 0.06 }, primary: { base: 260_000, growth: 0.035 }, secondary: { base: 820_000, growth: 0.065 },
  tertiary: { base: 1_100_000, growth: 0.065 }, gdpPerCapita: { base: 62_000, growth: 0.062 },
  urbanIncome: { base: 42_000, growth: 0.05 }, ruralIncome: { base: 21_000, growth: 0.07 }, urbanConsumption: { base: 27_000, growth: 0.05 },
  ruralConsumption: { base: 16_500, growth: 0.065 },
  registered: { base: 41.2, growth: -0.003, level: true }, resident: { base: 36.8, growth: -0.004, level: true },
  urbanization: { base: 52.3, growth: 0.015, level: true }, birthRate: { base: 7.2, growth: -0.06, level: true },
  deathRate: { base: 7.9, growth: 0.01, level: true }, naturalGrowth: { base: -0.7, growth: 0.2, level: true },
  industryAdded: { base: 560_000, growth: 0.08 }, industryOutput: { base: 2_100_000, growth: 0.08 },
  industryFirms: { base: 186, growth: 0.04, level: true }, constructionOutput: { base: 420_000, growth: 0.05 },
  newJobs: { base: 5_200, growth: 0.02 }, reemployment: { base: 1_600, growth: 0.02 }, unemploymentRate: { base: 2.8, growth: -0.02, level: true },
  laborTransfer: { base: 98_000, growth: 0.01, level: true }, averageWage: { base: 86_000, growth: 0.055 },
  grainArea: { base: 32.5, growth: 0.003 }, grainOutput: { base: 128_000, growth: 0.012 }, summerGrain: { base: 21_000, growth: 0.01 },
  autumnGrain: { base: 107_000, growth: 0.013 }, grainYield: { base: 394, growth: 0.009, level: true },
  retailSales: { base: 1_150_000, growth: 0.065 }, urbanRetail: { base: 820_000, growth: 0.06 }, ruralRetail: { base: 330_000, growth: 0.075 },
  catering: { base: 138_000, growth: 0.08 },
  tradeTotal: { base: 286_000, growth: 0.09 }, exports: { base: 214_000, growth: 0.1 }, imports: { base: 72_000, growth: 0.06 },
  foreignCapital: { base: 1_850, growth: 0.05 },
};

const FIRST_YEAR = 2020;

/** A repeatable ±2% wobble, so growth rates differ from year to year. */
function wobble(code: string, year: number, month: number): number {
  let h = year * 31 + month * 7;
  for (const ch of code) h = (h * 33 + ch.charCodeAt(0)) % 100_003;
  return 1 + ((h % 400) - 200) / 10_000;
}

/** The figure of an indicator for the months 1…endMonth of a year (cumulative unless a level). */
export function demoValue(code: string, year: number, endMonth: number): number {
  const d = DEMO[code] ?? { base: 100, growth: 0.05 };
  const yearly = d.base * Math.pow(1 + d.growth, year - FIRST_YEAR) * wobble(code, year, 0);
  const share = d.level ? 1 : (endMonth / 12) * (0.92 + (0.08 * endMonth) / 12);
  return Number((yearly * share * (endMonth === 12 ? 1 : wobble(code, year, endMonth))).toFixed(2));
}

function periodsOf(area: EconomicArea, now: Date): { periodType: string; year: number; period: number; end: number }[] {
  const thisYear = now.getFullYear();
  const month = now.getMonth() + 1;
  const out: { periodType: string; year: number; period: number; end: number }[] = [];
  for (let y = FIRST_YEAR + 1; y < thisYear; y++) out.push({ periodType: 'year', year: y, period: 0, end: 12 });
  if (area.periods.includes('quarter')) {
    for (let q = 1; q <= 4; q++) out.push({ periodType: 'quarter', year: thisYear - 1, period: q, end: q * 3 });
    for (let q = 1; q * 3 < month; q++) out.push({ periodType: 'quarter', year: thisYear, period: q, end: q * 3 });
  }
  if (area.periods.includes('month')) {
    for (let m = 1; m < month; m++) out.push({ periodType: 'month', year: thisYear, period: m, end: m });
  }
  return out;
}

/** Demo figures of every area: yearly since 2021, quarterly last and this year, monthly this year. */
export async function economicDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const owner = ctx.people.find((p) => p.userId === 1) ?? ctx.people[0];
  const now = new Date();
  for (const area of ECONOMIC_AREAS) {
    const rows: NewRow<'economic_figure'>[] = [];
    for (const p of periodsOf(area, now)) {
      for (const i of area.indicators) {
        // Head counts and firm counts are whole numbers.
        const whole = i.unit === '人' || i.unit === '个';
        const value = whole ? Math.round(demoValue(i.code, p.year, p.end)) : demoValue(i.code, p.year, p.end);
        const before = whole ? Math.round(demoValue(i.code, p.year - 1, p.end)) : demoValue(i.code, p.year - 1, p.end);
        const growth = i.unit === '%' || i.unit === '‰' || before === 0 ? null : Number(((value / before - 1) * 100).toFixed(1));
        rows.push({
          area: area.key, indicator: i.code, periodType: p.periodType, year: p.year, period: p.period, value, growthRate: growth,
          remark: p.periodType === 'year' ? '统计公报数据' : '快报数据', deptId: owner?.deptId ?? null, deptName: owner?.deptName ?? null,
          creatorId: owner?.userId ?? null, creatorName: owner?.name ?? null, createTime: ctx.now, updateTime: ctx.now,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 100) await db.insertInto(TABLE).values(rows.slice(i, i + 100)).execute();
  }
}
