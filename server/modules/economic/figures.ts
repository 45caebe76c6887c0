import type { ResourceDecl } from '../../../resources/types.js';
import { indicatorOf, periodLabel, type EconomicArea } from '../../../resources/economic/catalogue.js';
import { validateRecord } from '../../crud/validate.js';
import type { Row } from '../../db/types.js';
import { invalidValue } from '../../http/errors.js';

/** The columns of one figure as the server stores them. */
export interface FigureValues {
  indicator: string;
  periodType: string;
  year: number;
  period: number;
  value: number;
  growthRate: number | null;
  remark: string | null;
}

const PERIOD_RANGE: Record<string, [number, number, string]> = {
  year: [0, 0, '年度数据的季度/月份应为0'],
  quarter: [1, 4, '季度应为1—4'],
  month: [1, 12, '月份应为1—12'],
};

/**
 * Checks a figure beyond the field rules: the period fits its type, the indicator allows a negative
 * value, the period is not in the future. Answers the values with the defaults filled.
 */
export function checkFigure(area: EconomicArea, values: Row, now = new Date()): FigureValues {
  const indicator = indicatorOf(area, String(values.indicator));
  if (!indicator) throw invalidValue(`指标不存在：${String(values.indicator)}`);
  const periodType = String(values.periodType);
  const range = PERIOD_RANGE[periodType];
  if (!range || !area.periods.includes(periodType as never)) {
    throw invalidValue(`${area.label}不按该周期统计，可选：${area.periods.map((p) => ({ year: '年度', quarter: '季度', month: '月度' })[p]).join('、')}`);
  }
  const year = Number(values.year);
  const period = values.period === null || values.period === undefined ? range[0] : Number(values.period);
  if (!Number.isInteger(period) || period < range[0] || period > range[1]) throw invalidValue(range[2]);
  const endMonth = periodType === 'year' ? 12 : periodType === 'quarter' ? period * 3 : period;
  const thisYear = now.getFullYear();
  // A figure can be entered once its last month has begun (a year's once December has).
  if (year > thisYear || (year === thisYear && endMonth > now.getMonth() + 1)) {
    throw invalidValue(`统计期不能晚于当前月份：${periodLabel(periodType, year, period)}`);
  }
  const value = Number(values.value);
  if (value < 0 && !indicator.signed) throw invalidValue(`${indicator.name}不能为负数`);
  const growth = values.growthRate === null || values.growthRate === undefined ? null : Number(values.growthRate);
  const remark = values.remark === null || values.remark === undefined || values.remark === '' ? null : String(values.remark);
  return { indicator: indicator.code, periodType, year, period, value, growthRate: growth, remark };
}

/** A whole figure from a client body or an import row: field rules, then the figure rules. */
export function validateFigure(decl: ResourceDecl, area: EconomicArea, body: Row, now?: Date): FigureValues {
  return checkFigure(area, validateRecord(decl, body, 'create'), now);
}

/** Sort key of a period: later end month first; at equal end, a year before a quarter before a month. */
export function periodRank(row: Row): number {
  const period = Number(row.period);
  const end = row.periodType === 'year' ? 12 : row.periodType === 'quarter' ? period * 3 : period;
  const typeRank = row.periodType === 'year' ? 2 : row.periodType === 'quarter' ? 1 : 0;
  return Number(row.year) * 1000 + end * 10 + typeRank;
}

/** A stored row with the names a reader needs: indicator name, unit, period label. */
export function describe(area: EconomicArea, row: Row): Row {
  const indicator = indicatorOf(area, String(row.indicator));
  return {
    ...row,
    value: row.value === null ? null : Number(row.value),
    growthRate: row.growthRate === null || row.growthRate === undefined ? null : Number(row.growthRate),
    indicatorName: indicator?.name ?? String(row.indicator),
    unit: indicator?.unit ?? '',
    periodLabel: periodLabel(String(row.periodType), Number(row.year), Number(row.period)),
  };
}
