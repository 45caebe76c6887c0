import type { Db } from '../db/types.js';
import type { SeedContext } from './domainSeeds.js';
import { seedApi } from '../crud/entity/seed.js';
import type { LocalApi } from '../crud/entity/types.js';

/**
 * Demo records for the back-office screens no domain seed filled (issue 10): 热词, 通知管理 (with its
 * receivers), 消息提醒设置, 密码规则 (disabled, so the demo passwords stay valid), a few log lines, and the
 * submissions of 报送管理: every demo article a department sent for review or published, i.e. exactly
 * what 数据分析 counts as 报送, so both screens agree on a fresh start.
 */

const HOT_WORDS = [
  { word: '政务服务', sort: 1, status: 1, type: 1, searchCount: 128 },
  { word: '义务教育招生', sort: 2, status: 1, type: 1, searchCount: 96 },
  { word: '医保缴费', sort: 3, status: 1, type: 2, searchCount: 75 },
  { word: '乡村振兴', sort: 4, status: 1, type: 2, searchCount: 41 },
  { word: '公积金', sort: 5, status: 0, type: 1, searchCount: 12 },
];

const NOTICES = [
  { title: '关于报送2026年一季度政务信息的通知', content: '<p>请各单位于3月31日前通过信息报送系统报送一季度政务信息。</p>', isPublic: 0, days: 1 },
  { title: '关于做好政府网站年度报表填报工作的通知', content: '<p>请各单位网站负责人核对本单位栏目更新情况。</p>', isPublic: 0, days: 3 },
  { title: '清明节假期值班安排', content: '<p>假期期间网站值班人员保持通讯畅通。</p>', isPublic: 1, days: 6 },
];

const NOTICE_SETTINGS = [
  { name: '文章待审核提醒', eventType: 'ARTICLE_REVIEW', receiverType: 'ROLE', role: 'auditor', remindWay: 1, overdueDays: 0, advanceDays: 0 },
  { name: '报送待审核提醒', eventType: 'REPORT_REVIEW', receiverType: 'ROLE', role: 'auditor', remindWay: 1, overdueDays: 0, advanceDays: 0 },
  { name: '新建议提醒', eventType: 'SUGGEST_NEW', receiverType: 'ROLE', role: 'admin', remindWay: 3, overdueDays: 0, advanceDays: 0 },
  { name: '新话题提醒', eventType: 'THEME_NEW', receiverType: 'ROLE', role: 'admin', remindWay: 1, overdueDays: 0, advanceDays: 0 },
];

const PASSWORD_RULES = [
  { name: '政务外网标准规则', minLength: 8, classCount: 3, expireDays: 90, maxFailures: 5, lockMinutes: 10, enabled: 0, remark: '等保二级要求（演示，未启用）' },
  { name: '严格规则', minLength: 12, classCount: 4, expireDays: 60, maxFailures: 3, lockMinutes: 30, enabled: 0, remark: '等保三级要求（演示，未启用）' },
];

function daysBefore(now: string, days: number): string {
  const t = new Date(now.replace(' ', 'T') + 'Z').getTime() - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 19).replace('T', ' ');
}

async function seedSubmissions(db: Db, api: LocalApi): Promise<void> {
  const articles = (await db
    .selectFrom('article')
    .select(['articleId', 'submitTime', 'publishTime', 'deptId', 'deptName', 'creatorId', 'creatorName', 'createTime'])
    .where('status', '!=', 3)
    .execute());
  await api.seed(
    'report',
    articles.map((a) => {
      const time = String(a.submitTime ?? a.publishTime ?? a.createTime);
      return { articleId: a.articleId, reportTime: time, deptId: a.deptId, deptName: a.deptName, creatorId: a.creatorId, creatorName: a.creatorName, createTime: time, updateTime: time };
    }),
  );
}

async function seedNotices(api: LocalApi, ctx: SeedContext): Promise<void> {
  const admin = ctx.people[0];
  if (!admin) return;
  const targetDeptIds = [...ctx.deptIds.values()];
  // Through the local API: the notice's checks run and its links write the addressees (notice_target);
  // as demo data (ctx.seed) 接收范围 keeps the row's 全部部门.
  await api.seed(
    'notice',
    NOTICES.map(({ days, ...n }) => {
      const time = daysBefore(ctx.now, days);
      return { ...n, publisher: '县政府办公室', targetNames: '全部部门', targetDeptIds, readCount: 0, deptId: admin.deptId, deptName: admin.deptName, creatorId: admin.userId, creatorName: admin.name, createTime: time, updateTime: time };
    }),
  );
}

/** A few past log lines so 操作日志 is not empty before anyone works (the server adds real ones). */
async function seedLogs(api: LocalApi, ctx: SeedContext): Promise<void> {
  const lines = [
    { type: 'login', path: '/user/login', operation: '登录' },
    { type: 'operation', path: '/api/article/save/admin', operation: '保存文章' },
    { type: 'operation', path: '/notice/add', operation: '发布通知' },
  ];
  for (const [i, l] of lines.entries()) {
    const p = ctx.people[i % ctx.people.length];
    if (!p) continue;
    await api.seed('operationLog', [{ type: l.type, userId: p.userId, username: i === 0 ? 'admin' : null, name: p.name, ip: '10.0.0.' + String(10 + i), method: 'POST', path: l.path, operation: l.operation, params: '{}', httpStatus: 200, resultCode: '0', resultMsg: '操作成功', success: 1, durationMs: 35 + i * 10, appKey: 'adminSite', userAgent: 'Mozilla/5.0', createTime: ctx.now }]);
  }
}

export async function backofficeDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const stamp = { createTime: ctx.now, updateTime: ctx.now };
  const admin = ctx.people[0];
  // Through the local API as the system: each entity's hooks and checks run on its demo records.
  const api = seedApi(db, ctx.decls);
  await api.seed('hotWord', HOT_WORDS.map((w) => ({ ...w, creatorName: admin?.name ?? '系统管理员', ...stamp })));
  for (const { role, ...s } of NOTICE_SETTINGS) {
    const roleId = ctx.roleIds.get(role);
    if (roleId === undefined) continue;
    const roleName = role === 'admin' ? '系统管理员' : '内容审核员';
    await api.seed('noticeSetting', [{ ...s, receiverIds: String(roleId), receiverNames: roleName, smsTemplate: '【云溪县】您有{event}：{title}', status: 1, remark: '', creatorName: admin?.name ?? '系统管理员', ...stamp }]);
  }
  await api.seed('passwordRule', PASSWORD_RULES.map((r) => ({ ...r, ...stamp })));
  await seedNotices(api, ctx);
  await seedSubmissions(db, api);
  await seedLogs(api, ctx);
}
