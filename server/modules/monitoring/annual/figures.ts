import type { Db, RowOf } from '../../../db/types.js';
import { parseDateTime } from '../../../util/time.js';
import { columnKind } from '../columnKinds.js';
import { PUBLISHED } from '../contentChecks.js';

/** One line of 政府网站工作年度报表 (国办函〔2018〕12号 附件): computed from our data or filled in by staff. */
export interface ReportRow {
  key: string;
  section: string;
  label: string;
  value: string | number;
  source: 'auto' | 'staff';
  unit?: string;
}

/** Figures we cannot know; staff fill them in and save them per year. */
export const STAFF_FIELDS: { key: string; section: string; label: string; unit?: string }[] = [
  { key: 'visitsTotal', section: '网站访问', label: '总访问量', unit: '次' },
  { key: 'uniqueVisitors', section: '网站访问', label: '总访客数', unit: '人' },
  { key: 'specialTopicsNew', section: '专栏专题', label: '当年新开设专栏专题数', unit: '个' },
  { key: 'onlineInterviews', section: '办事服务与互动交流', label: '在线访谈期数', unit: '期' },
  { key: 'interviewQuestions', section: '办事服务与互动交流', label: '网民留言数', unit: '条' },
  { key: 'interviewAnswers', section: '办事服务与互动交流', label: '答复网民提问数', unit: '条' },
  { key: 'searchAvailable', section: '功能建设', label: '是否提供智能搜索' },
  { key: 'mobileVersion', section: '功能建设', label: '是否提供移动版' },
  { key: 'socialChannels', section: '政务新媒体', label: '政务新媒体（微博、微信等）名称' },
  { key: 'securityChecksManual', section: '安全防护', label: '安全检测评估次数（人工）', unit: '次' },
  { key: 'securityIncidents', section: '安全防护', label: '发现问题数量', unit: '个' },
  { key: 'fixedIncidents', section: '安全防护', label: '问题整改数量', unit: '个' },
  { key: 'budget', section: '创新发展', label: '年度网站运维经费', unit: '万元' },
  { key: 'staffCount', section: '创新发展', label: '网站运维人员数', unit: '人' },
  { key: 'remarks', section: '其他', label: '备注' },
];

const count = async (q: { executeTakeFirst(): Promise<unknown> }) => Number(((await q.executeTakeFirst()) as { n?: number | string } | undefined)?.n ?? 0);

/** The computed lines of the report of `year` (calendar year, local time). */
export async function computedRows(db: Db, year: number): Promise<ReportRow[]> {
  const from = `${year}-01-01 00:00:00`;
  const to = `${year}-12-31 23:59:59`;
  const site: Partial<RowOf<'site_setting'>> = (await db.selectFrom('site_setting').selectAll().orderBy('id').executeTakeFirst()) ?? {};
  const own = await db.selectFrom('website').select('url').where('type', '=', 1).orderBy('id').executeTakeFirst();
  const columns = await db.selectFrom('category').select(['categoryId', 'categoryTitle', 'columnType']).execute();
  const kindOf = new Map(columns.map((c) => [c.categoryId, c.columnType === 2 || /概况|走进/.test(String(c.categoryTitle)) ? 'overview' : columnKind(String(c.categoryTitle))]));
  const published = await db.selectFrom('article').select(['columnId', 'publishTime', 'hits']).where('status', '=', PUBLISHED).execute();
  const inYear = published.filter((a) => a.publishTime && String(a.publishTime) >= from && String(a.publishTime) <= to);
  const per = (kind: string) => inYear.filter((a) => (kindOf.get(a.columnId) ?? 'news') === kind).length;
  const hits = published.reduce((s, a) => s + Number(a.hits ?? 0), 0);

  const letters = await db.selectFrom('mail').select(['status', 'receivedAt', 'replyTime']).where('receivedAt', '>=', from).where('receivedAt', '<=', to).execute();
  const answered = letters.filter((l) => Number(l.status) === 1 && l.replyTime);
  const avgDays = answered.length
    ? Math.round((answered.reduce((s, l) => s + (parseDateTime(String(l.replyTime)).getTime() - parseDateTime(String(l.receivedAt)).getTime()) / 86_400_000, 0) / answered.length) * 10) / 10
    : 0;
  const surveys = await count(db.selectFrom('survey').select((eb) => eb.fn.countAll().as('n')).where('createTime', '>=', from).where('createTime', '<=', to));
  const advice = await count(db.selectFrom('advice').select((eb) => eb.fn.countAll().as('n')).where('createTime', '>=', from).where('createTime', '<=', to));
  const checks = await count(db.selectFrom('inspection_record').select((eb) => eb.fn.countAll().as('n')).where('checkTime', '>=', from).where('checkTime', '<=', to));
  const failedChecks = await count(db.selectFrom('inspection_record').select((eb) => eb.fn.countAll().as('n')).where('checkTime', '>=', from).where('checkTime', '<=', to).where('result', '=', 2));
  const topics = columns.filter((c) => /专题|专栏/.test(String(c.categoryTitle))).length;

  const row = (key: string, section: string, label: string, value: string | number, unit?: string): ReportRow => ({ key, section, label, value, source: 'auto', unit });
  return [
    row('siteName', '网站基本信息', '网站名称', String(site.siteName ?? '')),
    row('siteUrl', '网站基本信息', '首页网址', String(site.siteDomain ?? '') || String(own?.url ?? '')),
    row('sponsor', '网站基本信息', '主办单位', String(site.sponsor ?? '')),
    row('siteIdCode', '网站基本信息', '网站标识码', String(site.siteIdCode ?? '')),
    row('icp', '网站基本信息', 'ICP备案号', String(site.icp ?? '')),
    row('policeRecord', '网站基本信息', '公安机关备案号', String(site.policeRecord ?? '')),
    row('pageViews', '网站访问', '文章页累计浏览量', hits, '次'),
    row('pagesTotal', '信息发布', '已发布信息总数', published.length, '条'),
    row('updatesTotal', '信息发布', '当年更新信息总数', inYear.length, '条'),
    row('updatesOverview', '信息发布', '概况类信息更新量', per('overview'), '条'),
    row('updatesNews', '信息发布', '政务动态信息更新量', per('news'), '条'),
    row('updatesDisclosure', '信息发布', '信息公开目录信息更新量', per('notice') + per('policy'), '条'),
    row('columnsTotal', '专栏专题', '栏目总数', columns.length, '个'),
    row('specialTopics', '专栏专题', '专栏专题数（按栏目名称）', topics, '个'),
    row('lettersReceived', '办事服务与互动交流', '收到留言数量', letters.length, '条'),
    row('lettersAnswered', '办事服务与互动交流', '办结留言数量', answered.length, '条'),
    row('avgAnswerDays', '办事服务与互动交流', '平均办理时间', avgDays, '天'),
    row('surveys', '办事服务与互动交流', '征集调查期数（问卷）', surveys, '期'),
    row('adviceTopics', '办事服务与互动交流', '意见征集期数', advice, '期'),
    row('securityChecks', '安全防护', '监测巡检次数（系统）', checks, '次'),
    row('securityFailures', '安全防护', '巡检发现异常次数', failedChecks, '次'),
  ];
}

/** Computed lines followed by the staff lines (their saved values, empty when not yet filled in). */
export async function reportRows(db: Db, year: number): Promise<{ rows: ReportRow[]; updateTime: string | null; updaterName: string | null }> {
  const saved = await db.selectFrom('annual_report').selectAll().where('year', '=', year).executeTakeFirst();
  let staff: Record<string, string> = {};
  try {
    staff = saved ? (JSON.parse(String(saved.fields)) as Record<string, string>) : {};
  } catch {
    staff = {};
  }
  const rows = [...(await computedRows(db, year)), ...STAFF_FIELDS.map((f) => ({ ...f, value: staff[f.key] ?? '', source: 'staff' as const }))];
  return { rows, updateTime: (saved?.updateTime as string | null) ?? null, updaterName: (saved?.updaterName as string | null) ?? null };
}
