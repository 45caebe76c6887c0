import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db, Row } from '../../../db/types.js';
import { parseDateTime } from '../../../util/time.js';
import { kindOfRole, roleOf } from '../columnKinds.js';
import { PUBLISHED } from '../contentChecks.js';
import { NOT_APPLICABLE, NOT_FILLED, STAFF_FIELDS } from './staffFields.js';
import type { AnnualReportRow } from '../../../../resources/calls/monitoring.js';

export { STAFF_FIELDS } from './staffFields.js';

/** One cell of the annual report (the row the API answers, resources/calls/monitoring.ts). */
export type ReportRow = AnnualReportRow;

/** What a cell prints in the Word and Excel files: never blank. */
export function shownValue(r: ReportRow): string | number {
  if (r.source === 'na') return NOT_APPLICABLE;
  if (r.value === '' || r.value === null || r.value === undefined) return NOT_FILLED;
  return r.value;
}

const count = async (q: { executeTakeFirst(): Promise<unknown> }) => Number(((await q.executeTakeFirst()) as { n?: number | string } | undefined)?.n ?? 0);
const yes = (b: boolean) => (b ? '是' : '否');
const exists = (file: string) => fs.access(file).then(() => true, () => false);

interface Span {
  from: string;
  to: string;
}

async function publishing(db: Db, span: Span) {
  const columns = await db.selectFrom('category').select(['categoryId', 'columnRole', 'createTime']).execute();
  const kindOf = new Map(columns.map((c) => [c.categoryId, kindOfRole(roleOf(c))]));
  const published = await db.selectFrom('article').select(['columnId', 'publishTime', 'hits']).where('status', '=', PUBLISHED).execute();
  const inYear = published.filter((a) => a.publishTime && String(a.publishTime) >= span.from && String(a.publishTime) <= span.to);
  const per = (...kinds: string[]) => inYear.filter((a) => kinds.includes(kindOf.get(a.columnId) ?? 'news')).length;
  const topics = columns.filter((c) => roleOf(c) === 'topic');
  return {
    published,
    inYear: inYear.length,
    overview: per('overview'),
    news: per('news'),
    // The disclosure catalogue holds the notice and policy columns (the 政务公开 sections among them).
    disclosure: per('notice', 'policy'),
    other: per('topic', 'other'),
    columns: columns.length,
    topics: topics.length,
    topicsNew: topics.filter((c) => c.createTime && String(c.createTime) >= span.from && String(c.createTime) <= span.to).length,
    hits: published.reduce((s, a) => s + Number(a.hits ?? 0), 0),
  };
}

async function interaction(db: Db, span: Span) {
  const letters = await db.selectFrom('mail').select(['status', 'receivedAt', 'replyTime', 'publicFlag']).where('receivedAt', '>=', span.from).where('receivedAt', '<=', span.to).execute();
  const answered = letters.filter((l) => Number(l.status) === 1 && l.replyTime);
  const avgDays = answered.length
    ? Math.round((answered.reduce((s, l) => s + (parseDateTime(String(l.replyTime)).getTime() - parseDateTime(String(l.receivedAt)).getTime()) / 86_400_000, 0) / answered.length) * 10) / 10
    : 0;
  const surveyCount = () => db.selectFrom('survey').select((eb) => eb.fn.countAll().as('n')).where('createTime', '>=', span.from).where('createTime', '<=', span.to);
  const surveys = await count(surveyCount());
  const advice = await count(db.selectFrom('advice').select((eb) => eb.fn.countAll().as('n')).where('createTime', '>=', span.from).where('createTime', '<=', span.to));
  const opinions = await count(db.selectFrom('advice_opinion').select((eb) => eb.fn.countAll().as('n')).where('createTime', '>=', span.from).where('createTime', '<=', span.to));
  const answers = await count(db.selectFrom('survey_record').select((eb) => eb.fn.countAll().as('n')).where('createTime', '>=', span.from).where('createTime', '<=', span.to));
  const adviceResults = await count(db.selectFrom('advice').select((eb) => eb.fn.countAll().as('n')).where('resultTime', '>=', span.from).where('resultTime', '<=', span.to));
  const surveyResults = await count(surveyCount().where('publicResult', '=', 1));
  return { letters: letters.length, answered: answered.length, avgDays, publicReplies: answered.filter((l) => Number(l.publicFlag) === 1).length, surveys, advice, opinions, answers, adviceResults, surveyResults };
}

async function security(db: Db, span: Span) {
  const checks = await count(db.selectFrom('inspection_record').select((eb) => eb.fn.countAll().as('n')).where('checkTime', '>=', span.from).where('checkTime', '<=', span.to));
  const failed = await count(db.selectFrom('inspection_record').select((eb) => eb.fn.countAll().as('n')).where('checkTime', '>=', span.from).where('checkTime', '<=', span.to).where('result', '=', 2));
  // An early-warning mechanism exists when a site-abnormal reminder is set up and enabled.
  const warning = await count(db.selectFrom('notice_setting').select((eb) => eb.fn.countAll().as('n')).where('eventType', '=', 'SITE_ABNORMAL').where('status', '=', 1));
  return { checks, failed, warning: warning > 0 };
}

/** The computed and not-applicable cells of the report of `year` (calendar year, local time). */
export async function computedRows(db: Db, year: number, site: Row, dataDir?: string): Promise<ReportRow[]> {
  const span = { from: `${year}-01-01 00:00:00`, to: `${year}-12-31 23:59:59` };
  const own = await db.selectFrom('website').select('url').where('type', '=', 1).orderBy('id').executeTakeFirst();
  const p = await publishing(db, span);
  const m = await interaction(db, span);
  const sec = await security(db, span);
  const people = await count(db.selectFrom('person').select((eb) => eb.fn.countAll().as('n')).where('createTime', '<=', span.to));
  const siteDir = dataDir ? path.join(dataDir, 'site') : '';
  const page = async (name: string) => yes(Boolean(siteDir) && (await exists(path.join(siteDir, name))));
  const s = (k: string) => String(site[k] ?? '');
  const row = (key: string, section: string, label: string, value: string | number, unit?: string): ReportRow => ({ key, section, label, value, source: 'auto', unit });
  const na = (key: string, section: string, label: string, unit?: string): ReportRow => ({ key, section, label, value: NOT_APPLICABLE, source: 'na', unit });
  return [
    row('siteName', '网站基本信息', '网站名称', s('siteName')),
    row('siteUrl', '网站基本信息', '首页网址', s('siteDomain') ? `https://${s('siteDomain')}/` : String(own?.url ?? '')),
    row('sponsor', '网站基本信息', '主办单位', s('sponsor')),
    row('siteType', '网站基本信息', '网站类型', '政府门户网站'),
    row('siteIdCode', '网站基本信息', '政府网站标识码', s('siteIdCode')),
    row('icp', '网站基本信息', 'ICP备案号', s('icp')),
    row('policeRecord', '网站基本信息', '公安机关备案号', s('policeRecord')),
    row('updatesTotal', '信息发布', '信息发布总数', p.inYear, '条'),
    row('updatesOverview', '信息发布', '其中：概况类信息更新量', p.overview, '条'),
    row('updatesNews', '信息发布', '其中：政务动态信息更新量', p.news, '条'),
    row('updatesDisclosure', '信息发布', '其中：信息公开目录信息更新量', p.disclosure, '条'),
    row('updatesOther', '信息发布', '其中：专栏专题及其他栏目信息更新量', p.other, '条'),
    row('specialTopics', '专栏专题', '维护数量', p.topics, '个'),
    row('specialTopicsNew', '专栏专题', '新开设数量', p.topicsNew, '个'),
    row('registeredUsers', '办事服务', '注册用户数', people, '个'),
    // Government services are run on the province's 政务服务网; the portal only links to it.
    na('serviceItems', '办事服务', '政务服务事项数量', '项'),
    na('serviceItemsOnline', '办事服务', '可全程在线办理政务服务事项数量', '项'),
    na('casesTotal', '办事服务', '办件量总数', '件'),
    na('casesPersons', '办事服务', '其中：自然人办件量', '件'),
    na('casesLegal', '办事服务', '其中：法人办件量', '件'),
    row('lettersReceived', '互动交流', '收到留言数量', m.letters, '条'),
    row('lettersAnswered', '互动交流', '办结留言数量', m.answered, '条'),
    row('avgAnswerDays', '互动交流', '平均办理时间', m.avgDays, '天'),
    row('lettersPublic', '互动交流', '公开答复数量', m.publicReplies, '条'),
    row('surveys', '互动交流', '征集调查期数', m.surveys + m.advice, '期'),
    row('opinions', '互动交流', '收到意见数量', m.opinions + m.answers, '条'),
    row('surveyResults', '互动交流', '公布调查结果期数', m.adviceResults + m.surveyResults, '期'),
    row('securityChecks', '安全防护', '安全检测评估次数', sec.checks, '次'),
    row('securityFailures', '安全防护', '发现问题数量', sec.failed, '个'),
    row('warningMechanism', '安全防护', '是否建立安全监测预警机制', yes(sec.warning)),
    row('searchService', '创新发展', '搜索即服务', await page('search.html')),
    row('accessibility', '创新发展', '无障碍浏览', await page('accessibility.html')),
    row('pagesTotal', '附：系统统计', '已发布信息总数', p.published.length, '条'),
    row('pageViews', '附：系统统计', '文章页累计浏览量', p.hits, '次'),
    row('columnsTotal', '附：系统统计', '栏目总数', p.columns, '个'),
  ];
}

const SECTION_ORDER = ['网站基本信息', '网站访问', '信息发布', '专栏专题', '解读回应', '办事服务', '互动交流', '安全防护', '移动新媒体', '创新发展', '填报信息', '附：系统统计'];

/** Every cell in the order of the 12号 table: computed, staff-filled (their saved values) and 不适用. */
export async function reportRows(db: Db, year: number, site: Row, dataDir?: string): Promise<{ rows: ReportRow[]; updateTime: string | null; updaterName: string | null }> {
  const saved = await db.selectFrom('annual_report').selectAll().where('year', '=', year).executeTakeFirst();
  let staff: Record<string, string> = {};
  try {
    staff = saved ? (JSON.parse(String(saved.fields)) as Record<string, string>) : {};
  } catch {
    staff = {};
  }
  const filled: ReportRow = { key: 'fillDate', section: '填报信息', label: '填报日期', value: saved?.updateTime ? String(saved.updateTime).slice(0, 10) : '', source: 'auto' };
  const all = [...(await computedRows(db, year, site, dataDir)), ...STAFF_FIELDS.map((f) => ({ key: f.key, section: f.section, label: f.label, unit: f.unit, value: staff[f.key] ?? '', source: 'staff' as const })), filled];
  const rows = SECTION_ORDER.flatMap((sec) => all.filter((r) => r.section === sec));
  return { rows, updateTime: (saved?.updateTime as string | null) ?? null, updaterName: (saved?.updaterName as string | null) ?? null };
}
