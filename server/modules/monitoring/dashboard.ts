import type { Db } from '../../db/types.js';
import { formatDateTime, parseDateTime } from '../../util/time.js';
import { COLUMN_ROLES, REQUIRED_ROLES } from './columnKinds.js';
import { columnStatuses, HOME_STALE_DAYS, homeLastUpdate, UNANSWERED_DAYS, unansweredLetters, type ColumnStatus } from './contentChecks.js';
import { availabilityByDay, latestLinkCheck, ownSite, type LinkSummary } from './dashboardQueries.js';
import { identityIndicator } from './identityCheck.js';

/** One indicator of the dashboard: its measured value against its threshold, red when it fails. */
export interface Indicator {
  key: string;
  name: string;
  veto: boolean;
  basis: string;
  value: string;
  threshold: string;
  red: boolean;
  /** The records behind the figure (an admin route), one click from the card. */
  link: string;
  items: { label: string; detail: string; link: string }[];
}

/** 单项否决 thresholds (国办秘函〔2019〕19号, docs/monitoring.md). */
export const VETO = {
  minDailyChecks: 20,
  failShare: 0.05,
  staleColumns: 5,
  emptyColumns: 5,
  brokenShare: 0.05,
} as const;


const DAY = 86_400_000;
const RECORDS = '/main/siteMonitoring/inspectionRecord';
/** The records list filtered to one site's availability checks (react-admin reads `filter` from the URL). */
const recordsOf = (websiteId: number) => `${RECORDS}?filter=${encodeURIComponent(JSON.stringify({ websiteId, kind: 'availability' }))}`;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function unreachable(db: Db, now: number): Promise<Indicator> {
  const days = await availabilityByDay(db, now);
  const site = await ownSite(db);
  const failing = days.filter((d) => d.checks >= VETO.minDailyChecks && d.failed / d.checks >= VETO.failShare);
  const worst = days.reduce((m, d) => (d.checks ? Math.max(m, d.failed / d.checks) : m), 0);
  const value = days.length ? `最高单日失败率${pct(worst)}（${days.map((d) => `${d.day.slice(5)}：${d.failed}/${d.checks}`).join('，')}）` : '近7天无检测记录';
  return {
    key: 'unreachable',
    name: '站点无法访问',
    veto: true,
    basis: '本站首页近1周内每天检测不少于20次，超过15秒打不开或访问失败的次数累计超过5%',
    value,
    threshold: `单日检测≥${VETO.minDailyChecks}次且失败率≥${pct(VETO.failShare)}`,
    red: failing.length > 0,
    link: site ? recordsOf(site.id) : '/main/siteMonitoring/monitorAndManager',
    items: failing.map((d) => ({ label: d.day, detail: `失败${d.failed}次/检测${d.checks}次（${pct(d.failed / d.checks)}）`, link: recordsOf(d.websiteId) })),
  };
}

async function homeStale(db: Db, now: number): Promise<Indicator> {
  const last = await homeLastUpdate(db);
  const days = last ? Math.floor((now - parseDateTime(last).getTime()) / DAY) : null;
  const red = days === null || days > HOME_STALE_DAYS;
  return {
    key: 'homeStale',
    name: '首页不更新',
    veto: true,
    basis: '首页栏目信息超过2周未更新',
    value: days === null ? '没有已发布的文章' : `最近更新${last}（${days}天前）`,
    threshold: `≤${HOME_STALE_DAYS}天`,
    red,
    link: '/main/article/essay',
    items: red ? [{ label: '发布新闻动态', detail: '首页展示各栏目最新文章，发布一篇即可更新首页', link: '/main/article/essay' }] : [],
  };
}

function columnIndicators(columns: ColumnStatus[]): Indicator[] {
  const stale = columns.filter((c) => c.stale);
  const empty = columns.filter((c) => c.empty);
  const link = (id: number) => `/main/article/essay?columnId=${id}`;
  return [
    {
      key: 'staleColumns',
      name: '栏目不更新',
      veto: true,
      basis: '动态、要闻类栏目超过2周未更新，或通知公告、政策文件类栏目超过6个月未更新，累计5个及以上',
      value: `${stale.length}个`,
      threshold: `<${VETO.staleColumns}个`,
      red: stale.length >= VETO.staleColumns,
      link: '/main/article/column',
      items: stale.map((c) => ({ label: c.title, detail: `${c.daysSince}天未更新（期限${c.limitDays}天）`, link: link(c.id) })),
    },
    {
      key: 'emptyColumns',
      name: '空白栏目',
      veto: true,
      basis: '栏目没有任何信息，累计5个及以上',
      value: `${empty.length}个`,
      threshold: `<${VETO.emptyColumns}个`,
      red: empty.length >= VETO.emptyColumns,
      link: '/main/article/column',
      items: empty.map((c) => ({ label: c.title, detail: '没有已发布的文章', link: link(c.id) })),
    },
  ];
}

async function unanswered(db: Db, now: number): Promise<Indicator> {
  const letters = await unansweredLetters(db, UNANSWERED_DAYS, now);
  return {
    key: 'unanswered',
    name: '互动回应差',
    veto: true,
    basis: '网民留言超过3个月未回应',
    value: `${letters.length}件`,
    threshold: '0件',
    red: letters.length > 0,
    link: '/main/interact/LeaderMailbox?tab=all',
    items: letters.map((l) => ({ label: l.title, detail: `${l.since.slice(0, 10)}收到，${l.days}天未答复`, link: `/main/interact/LeaderMailbox/mailBoxEditor?id=${l.id}` })),
  };
}

function linkIndicators(summary: LinkSummary | null): Indicator[] {
  const home = summary?.brokenHome ?? 0;
  const share = summary && summary.otherPageLinks > 0 ? summary.brokenOther / summary.otherPageLinks : 0;
  const items = (onHome: boolean) =>
    (summary?.links ?? []).filter((l) => l.onHome === onHome).map((l) => ({ label: l.linkUrl, detail: `所在页面：${l.pageUrl}（${l.statusCode ?? l.error ?? '无法访问'}）`, link: `${RECORDS}/${summary?.recordId ?? ''}/show` }));
  const none = summary ? `（${summary.checkTime}检测）` : '（尚未做过链接检测）';
  const link = summary ? `${RECORDS}/${summary.recordId}/show` : `${RECORDS}?filter=${encodeURIComponent(JSON.stringify({ kind: 'links' }))}`;
  return [
    { key: 'brokenHome', name: '首页错误链接', veto: false, basis: '首页上打不开的链接（扣分项）', value: `${home}个${none}`, threshold: '0个', red: home > 0, link, items: items(true) },
    {
      key: 'brokenShare',
      name: '其他页面错误链接占比',
      veto: false,
      basis: '首页以外页面的错误链接数占链接总数的比例（扣分项）',
      value: `${pct(share)}${none}`,
      threshold: `<${pct(VETO.brokenShare)}`,
      red: share >= VETO.brokenShare,
      link,
      items: items(false),
    },
  ];
}

/**
 * The 政务公开 sections (政府信息公开条例): a section is present when a list column declares its role and
 * holds published articles — the same columns and counts the 栏目不更新 and 空白栏目 cards use.
 */
function disclosureColumns(columns: ColumnStatus[]): Indicator {
  const items: Indicator['items'] = [];
  for (const role of REQUIRED_ROLES) {
    const own = columns.filter((c) => c.role === role);
    const label = COLUMN_ROLES[role].label;
    if (!own.length) items.push({ label, detail: '没有栏目类别（考核）为该项的栏目', link: '/main/article/column' });
    else if (!own.some((c) => c.published > 0)) items.push({ label, detail: `栏目“${own.map((c) => c.title).join('、')}”没有已发布的文章`, link: `/main/article/essay?columnId=${own[0]?.id ?? ''}` });
  }
  return {
    key: 'disclosure',
    name: '政务公开必备栏目',
    veto: false,
    basis: '政府信息公开指南、制度、法定主动公开内容、年报等栏目（扣分项）；按栏目的“栏目类别（考核）”认定，且须有已发布的信息',
    value: `具备${REQUIRED_ROLES.length - items.length}/${REQUIRED_ROLES.length}个`,
    threshold: '全部具备',
    red: items.length > 0,
    link: '/main/article/column',
    items,
  };
}

/** The single-veto dashboard: every indicator measured now from our own records. */
export async function dashboard(db: Db, now = Date.now(), dataDir?: string): Promise<{ time: string; red: number; vetoRed: number; indicators: Indicator[] }> {
  const columns = await columnStatuses(db, now);
  const indicators = [
    await unreachable(db, now),
    await homeStale(db, now),
    ...columnIndicators(columns),
    await unanswered(db, now),
    ...linkIndicators(await latestLinkCheck(db)),
    disclosureColumns(columns),
    await identityIndicator(db, dataDir),
  ];
  return {
    time: formatDateTime(new Date(now)),
    red: indicators.filter((i) => i.red).length,
    vetoRed: indicators.filter((i) => i.red && i.veto).length,
    indicators,
  };
}
