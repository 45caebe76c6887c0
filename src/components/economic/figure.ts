/** One stored figure as the economic-data calls answer it (resources/economic/area.ts). */
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
