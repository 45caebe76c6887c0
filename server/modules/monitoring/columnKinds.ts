/**
 * Column kinds the inspection rules distinguish (国办秘函〔2019〕19号): news-type columns must be
 * updated within 2 weeks, notice and policy columns within 6 months. A column has no kind field, so the
 * kind comes from its title; staff change the limit per column (`updateLimitDays`).
 */
export type ColumnKind = 'news' | 'notice' | 'policy';

export const NEWS_LIMIT_DAYS = 14;
export const NOTICE_LIMIT_DAYS = 180;

export function columnKind(title: string): ColumnKind {
  if (/通知|公告|公示/.test(title)) return 'notice';
  if (/政策|文件|法规|规划|解读|公开/.test(title)) return 'policy';
  return 'news';
}

export function defaultLimitDays(title: string): number {
  return columnKind(title) === 'news' ? NEWS_LIMIT_DAYS : NOTICE_LIMIT_DAYS;
}

/** The column's limit: its own setting, else the default of its kind. */
export function limitDaysOf(column: { categoryTitle: string; updateLimitDays?: number | null }): number {
  const own = Number(column.updateLimitDays);
  return Number.isFinite(own) && own > 0 ? own : defaultLimitDays(column.categoryTitle);
}
