/**
 * 栏目类别（考核）: the role a column plays for the inspection rules (国办秘函〔2019〕19号) and the annual
 * report (国办函〔2018〕12号). Plain data shared by the column form (resources/column.ts) and the server's
 * indicators (server/modules/monitoring/columnKinds.ts).
 */
export const COLUMN_ROLES = {
  news: { label: '动态要闻类（2周内更新）', kind: 'news', limitDays: 14, required: false },
  notice: { label: '通知公告类（6个月内更新）', kind: 'notice', limitDays: 180, required: false },
  policy: { label: '政策文件类（6个月内更新）', kind: 'policy', limitDays: 180, required: false },
  overview: { label: '概况信息类', kind: 'overview', limitDays: null, required: false },
  topic: { label: '专栏专题', kind: 'topic', limitDays: null, required: false },
  disclosureGuide: { label: '政府信息公开指南', kind: 'policy', limitDays: null, required: true },
  disclosureRules: { label: '政府信息公开制度', kind: 'policy', limitDays: null, required: true },
  disclosureStatutory: { label: '法定主动公开内容', kind: 'policy', limitDays: 180, required: true },
  disclosureAnnual: { label: '政府信息公开年报', kind: 'policy', limitDays: 400, required: true },
  other: { label: '其他（不考核更新）', kind: 'other', limitDays: null, required: false },
} as const satisfies Record<string, { label: string; kind: 'news' | 'notice' | 'policy' | 'overview' | 'topic' | 'other'; limitDays: number | null; required: boolean }>;

export type ColumnRole = keyof typeof COLUMN_ROLES;

/** The enum options of the column form. */
export const COLUMN_ROLE_OPTIONS = (Object.keys(COLUMN_ROLES) as ColumnRole[]).map((value) => ({ value, label: COLUMN_ROLES[value].label }));
