import type { AreaKey } from '../../../resources/economic/catalogue';

/** One stored figure as the /economic/<area>/ calls answer it. */
export interface Figure {
  id: number;
  indicator: string;
  indicatorName: string;
  unit: string;
  periodType: 'year' | 'quarter' | 'month';
  periodLabel: string;
  year: number;
  period: number;
  value: number;
  growthRate: number | null;
  remark: string | null;
  updateTime: string | null;
  creatorName: string | null;
}

/** The search of a screen (empty values are dropped before sending). */
export interface FigureSearch {
  periodType: string;
  indicator: string;
  startYear: string;
  endYear: string;
}

export const paths = (area: AreaKey) => ({
  list: `/economic/${area}/list`,
  listAll: `/economic/${area}/listAll`,
  add: `/economic/${area}/add`,
  dels: `/economic/${area}/dels`,
  template: `/economic/${area}/template`,
  import: `/economic/${area}/import`,
  export: `/economic/${area}/export`,
});

export function cleanSearch(s: FigureSearch): Record<string, string> {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== ''));
}
