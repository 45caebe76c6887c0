/**
 * 工作台 (home of both apps, docs/backoffice.md "Workbench"): each to-do is a list call with a filter. The
 * server (/api/workbench/summary, server/modules/workbench/) runs that very call as the caller, so a count is
 * always the `totalRow` of the list its link opens, in the caller's data scope. A to-do shows only to a user
 * holding one of `anyOf`. `link` is the list's route with the same filter in its query string.
 */
export interface WorkbenchTodo {
  key: string;
  label: string;
  app: 'adminSite' | 'reportSite';
  /** Heading the to-do is shown under. */
  group: string;
  anyOf: readonly string[];
  call: { path: string; body: Readonly<Record<string, string | number>> };
  link: string;
  /** warning / error: shown in that colour when the count is above 0. */
  tone?: 'warning' | 'error';
}

/** The call of the workbench (both homes); started ahead right after login (src/login/warmShell.ts). */
export const WORKBENCH_SUMMARY_CALL = { path: '/api/workbench/summary' } as const;

/** Working days before the deadline within which a pending disclosure application counts as near it. */
export const APPLY_DUE_WORKING_DAYS = 3;

/** A react-admin list route with its filter in the query string (`?filter={…}`), as those lists read it. */
const raFilter = (route: string, filter: Record<string, string | number>) => `${route}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const REVIEW_KEYS = ['article:accept', 'article:approve', 'article:reject'];

/** Article states of 我的报送, in the order a submission goes through them. */
export const REPORT_STATES: readonly { status: number; label: string; tone?: 'warning' }[] = [
  { status: 3, label: '编辑中' },
  { status: 4, label: '审核中' },
  { status: 6, label: '待终审' },
  { status: 2, label: '已退回', tone: 'warning' },
  { status: 5, label: '已发布' },
  { status: 1, label: '已下线' },
];

export const WORKBENCH_TODOS: readonly WorkbenchTodo[] = [
  { key: 'articleReview', label: '待我审核的文章', app: 'adminSite', group: '内容审核', anyOf: REVIEW_KEYS, call: { path: '/api/article/list', body: { todo: 1 } }, link: '/main/home/audit' },
  { key: 'mailPending', label: '待审核的来信', app: 'adminSite', group: '领导信箱', anyOf: ['mail:list'], call: { path: '/mail/list', body: { stage: 0 } }, link: raFilter('/main/interact/LeaderMailbox', { stage: 0 }) },
  { key: 'mailHandling', label: '本部门待办信件', app: 'adminSite', group: '领导信箱', anyOf: ['mailForum:deptList'], call: { path: '/mailForum/mailListByDept', body: { stage: 2 } }, link: raFilter('/main/interact/LeaderMailbox', { box: 'dept', stage: 2 }) },
  { key: 'mailOverdue', label: '超期未办信件', app: 'adminSite', group: '领导信箱', anyOf: ['mailForum:deptList'], call: { path: '/mailForum/mailListByDept', body: { stage: 2, overdue: 1 } }, link: raFilter('/main/interact/LeaderMailbox', { box: 'dept', stage: 2, overdue: 1 }), tone: 'error' },
  { key: 'applyDue', label: `${APPLY_DUE_WORKING_DAYS}个工作日内到期的申请`, app: 'adminSite', group: '依申请公开', anyOf: ['apply:list'], call: { path: '/apply/list', body: { dueWithin: APPLY_DUE_WORKING_DAYS } }, link: raFilter('/main/interact/apply', { dueWithin: APPLY_DUE_WORKING_DAYS }), tone: 'warning' },
  { key: 'applyOverdue', label: '已超期的申请', app: 'adminSite', group: '依申请公开', anyOf: ['apply:list'], call: { path: '/apply/list', body: { overdue: 1 } }, link: raFilter('/main/interact/apply', { overdue: 1 }), tone: 'error' },
  { key: 'noticeUnread', label: '未读通知', app: 'adminSite', group: '通知', anyOf: ['notice:my'], call: { path: '/notice/my/list', body: { readFlag: 0 } }, link: raFilter('/main/interact/noticeManage', { box: 'inbox', readFlag: 0 }) },
  { key: 'reportReview', label: '待我审核的报送', app: 'reportSite', group: '报送审核', anyOf: ['report:role'], call: { path: '/api/report/role', body: {} }, link: '/report/home/audit' },
  ...REPORT_STATES.map(
    (s): WorkbenchTodo => ({
      key: `report${s.status}`,
      label: s.status === 2 ? '退回给我的报送' : `我的报送 · ${s.label}`,
      app: 'reportSite',
      group: '我的报送',
      anyOf: ['report:my'],
      call: { path: '/api/report/my', body: { status: s.status } },
      link: `/report/article/reportList?status=${s.status}`,
      tone: s.tone,
    }),
  ),
];

/** One to-do as /api/workbench/summary answers it. */
export interface WorkbenchCount {
  key: string;
  label: string;
  group: string;
  count: number;
  link: string;
  tone?: 'warning' | 'error';
}

/** A line of 最近动态: a recently changed article (or submission) of my scope, or one of my own operations. */
export interface WorkbenchActivity {
  time: string;
  text: string;
  /** Route to open, when there is one. */
  link?: string;
}

export interface WorkbenchSummary {
  todos: WorkbenchCount[];
  recentArticles: WorkbenchActivity[];
  myOperations: WorkbenchActivity[];
}
