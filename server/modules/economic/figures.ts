import type { ResourceDecl } from '../../../resources/types.js';
import { indicatorOf, periodLabel, type EconomicArea } from '../../../resources/economic/catalogue.js';
import { checkFigure, type FigureValues } from './figureRules.js';
import { validateRecord } from '../../crud/validate.js';
import type { Row } from '../../db/types.js';

export type { FigureValues };

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
