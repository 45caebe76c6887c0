import { COLUMN_ROLES, type ColumnRole } from '../../../resources/monitoring/columnRoles.js';

export { COLUMN_ROLES, type ColumnRole };

/**
 * Column kinds the inspection rules distinguish (国办秘函〔2019〕19号): news-type columns must be updated
 * within 2 weeks, notice and policy columns within 6 months; the 政务公开 sections must exist. A column
 * declares its kind in `columnRole` (栏目类别（考核）, resources/column.ts); every indicator, the annual
 * report and the content check read it from there — one definition, never the column's title.
 */
export type ColumnKind = 'news' | 'notice' | 'policy' | 'overview' | 'topic' | 'other';

export const NEWS_LIMIT_DAYS = 14;
export const NOTICE_LIMIT_DAYS = 180;

/** The role of a column; a column that declares none is held to the news rule (the strictest). */
export function roleOf(column: { columnRole?: unknown }): ColumnRole {
  const r = String(column.columnRole ?? '');
  return (r in COLUMN_ROLES ? r : 'news') as ColumnRole;
}

export function kindOfRole(role: ColumnRole): ColumnKind {
  return COLUMN_ROLES[role].kind;
}

/** The update limit of a role; null when the rules set none (guides, rules, overview pages). */
export function roleLimitDays(role: ColumnRole): number | null {
  return COLUMN_ROLES[role].limitDays;
}

/** The column's limit: its own setting, else its role's; null = not subject to 栏目不更新. */
export function limitDaysOf(column: { columnRole?: unknown; updateLimitDays?: number | null }): number | null {
  const own = Number(column.updateLimitDays);
  return Number.isFinite(own) && own > 0 ? own : roleLimitDays(roleOf(column));
}

/** The 政务公开 sections every site must have (政府信息公开条例, 国办秘函〔2019〕19号). */
export const REQUIRED_ROLES = (Object.keys(COLUMN_ROLES) as ColumnRole[]).filter((r) => COLUMN_ROLES[r].required);

/**
 * A proposal from a title, used once when upgrading a site whose columns have no role yet (migration) —
 * staff correct it on the column form. Never used to judge a column.
 */
export function guessRole(title: string): ColumnRole {
  if (/公开指南/.test(title)) return 'disclosureGuide';
  if (/公开制度/.test(title)) return 'disclosureRules';
  if (/公开年报|年度报告/.test(title)) return 'disclosureAnnual';
  if (/法定主动公开/.test(title)) return 'disclosureStatutory';
  if (/通知|公告|公示/.test(title)) return 'notice';
  if (/政策|文件|法规|规划|解读|公开/.test(title)) return 'policy';
  if (/专题|专栏/.test(title)) return 'topic';
  if (/概况|走进/.test(title)) return 'overview';
  return 'news';
}

/** The 2026 migration's default by title (kept: released migrations never change). */
export function defaultLimitDays(title: string): number {
  return roleLimitDays(guessRole(title)) ?? NOTICE_LIMIT_DAYS;
}
