import { Refusal, type RecordData } from '../../../resources/behaviour.js';
import { indicatorOf, periodLabel, type EconomicArea } from '../../../resources/economic/catalogue.js';
import type { EntityContext } from '../../crud/entity/types.js';

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

const invalid = (message: string) => new Refusal(1002, message);

/**
 * Checks a figure beyond the field rules: the period fits its type, the indicator allows a negative
 * value, the period is not in the future. Answers the values with the defaults filled.
 */
export function checkFigure(area: EconomicArea, values: RecordData, now = new Date()): FigureValues {
  const indicator = indicatorOf(area, String(values.indicator));
  if (!indicator) throw invalid(`指标不存在：${String(values.indicator)}`);
  const periodType = String(values.periodType);
  const range = PERIOD_RANGE[periodType];
  if (!range || !area.periods.includes(periodType as never)) {
    throw invalid(`${area.label}不按该周期统计，可选：${area.periods.map((p) => ({ year: '年度', quarter: '季度', month: '月度' })[p]).join('、')}`);
  }
  const year = Number(values.year);
  const period = values.period === null || values.period === undefined ? range[0] : Number(values.period);
  if (!Number.isInteger(period) || period < range[0] || period > range[1]) throw invalid(range[2]);
  const endMonth = periodType === 'year' ? 12 : periodType === 'quarter' ? period * 3 : period;
  const thisYear = now.getFullYear();
  // A figure can be entered once its last month has begun (a year's once December has).
  if (year > thisYear || (year === thisYear && endMonth > now.getMonth() + 1)) {
    throw invalid(`统计期不能晚于当前月份：${periodLabel(periodType, year, period)}`);
  }
  const value = Number(values.value);
  if (value < 0 && !indicator.signed) throw invalid(`${indicator.name}不能为负数`);
  const growth = values.growthRate === null || values.growthRate === undefined ? null : Number(values.growthRate);
  const remark = values.remark === null || values.remark === undefined || values.remark === '' ? null : String(values.remark);
  return { indicator: indicator.code, periodType, year, period, value, growthRate: growth, remark };
}

/**
 * The beforeChange hook of an area: the whole figure (an update's values over the stored ones) passes
 * the figure rules, and no other figure of the area holds its indicator and period (1004).
 */
export function figureHook(area: EconomicArea) {
  return async ({ data, original, ctx }: { data: RecordData; original?: RecordData; ctx: EntityContext }): Promise<RecordData> => {
    const figure = checkFigure(area, { ...(original ?? {}), ...data });
    // Every figure of the area counts, whoever entered it: read as the system (the area's `where` applies).
    const where = { indicator: figure.indicator, periodType: figure.periodType, year: figure.year, period: figure.period };
    const same = await ctx.api.asSystem().find(area.key, { where });
    if (same.some((r) => Number(r.id) !== Number(original?.id))) {
      const name = indicatorOf(area, figure.indicator)?.name ?? figure.indicator;
      throw new Refusal(1004, `该统计期的数据已存在：${name}（${periodLabel(figure.periodType, figure.year, figure.period)}）`);
    }
    return { ...data, ...figure };
  };
}
