import type { Db, Row } from '../../../db/types.js';
import { newQueryCode } from '../../../public/guard.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';
import { grantAliases } from '../../../seed/menuSync.js';
import { formatDateTime } from '../../../util/time.js';
import { monthCounts } from '../themes/service.js';
import { seedApi, seedOne } from '../../../crud/entity/seed.js';
import { peopleDemoSeed } from '../people/seed.js';
import { questAnswerDemoSeed } from '../questAnswer/seed.js';

/** Role of the departments' officers who answer the themes transferred to them (DEPART scope). */
export const THEME_OFFICER_ROLE = 'themeOfficer';

const HOUR = 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm:ss` of a day `monthsBack` months before the seed's start (day ≤ 28: always valid). */
const inMonth = (now: Date, monthsBack: number, day: number, time: string) => {
  const d = new Date(now.getFullYear(), now.getMonth() - monthsBack, 1);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(day)} ${time}`;
};
const plus = (at: string, hours: number) => formatDateTime(new Date(new Date(at.replace(' ', 'T')).getTime() + hours * HOUR));
const monthOf = (now: Date, monthsBack: number) => inMonth(now, monthsBack, 1, '00:00:00').slice(0, 7);

interface ReplySeed {
  dept: string;
  name: string;
  content: string;
  /** Hours after the theme was received. */
  after: number;
  /** 0 waiting for the reply audit, 1 published. */
  status: 0 | 1;
}
interface ThemeSeed {
  channel: 'bbs' | 'll' | 'xax';
  plate?: string;
  title: string;
  content: string;
  name: string;
  phone: string;
  createTime: string;
  status: 0 | 1 | 2 | 3;
  isShow?: 0 | 1;
  isOpen?: 0 | 1;
  isRecommend?: 0 | 1;
  /** Transferred to this department (ll/xax); bbs themes are the plate's department's. */
  transferTo?: string;
  transferRemark?: string;
  auditRemark?: string;
  handled?: boolean;
  readCount?: number;
  replies?: ReplySeed[];
  /** The citizen (by phone) who posted it logged in. */
  person?: boolean;
}

/**
 * Demo data of forums, themes, Q&A and the member center (docs/interaction-forums.md, "Demo data"):
 * two forums with four plates handled by departments and moderated by roles, the 网络问政办理员 role
 * (given to the 县教育局 officer `jiaoyu` of the mail seed), ten themes across the three channels in the
 * states staff meet, the stored monthly counts of the last three months (computed from those themes, as
 * «生成本月统计» would), the Q&A knowledge base and four citizens.
 */
export async function forumDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const now = new Date(ctx.now.replace(' ', 'T'));
  const { officerRole, officer } = await seedOfficerRole(db, ctx);
  const plates = await seedForumsAndPlates(db, ctx, officerRole);
  // ---- citizens and the knowledge base (their own small seeds)
  const people = await peopleDemoSeed(db, ctx);
  await questAnswerDemoSeed(db, ctx);
  await seedThemes(db, ctx, demoThemes(now), { plates, officer, people });
  await seedMonthlyCounts(db, ctx);
}

type Officer = { userId: number; name: string } | undefined;

/** The officers' role: see and answer their department's themes (given to `jiaoyu`). */
async function seedOfficerRole(db: Db, ctx: SeedContext): Promise<{ officerRole: number; officer: Officer }> {
  const role = await seedOne(seedApi(db, ctx.decls), 'role', { name: '网络问政办理员', roleAlias: THEME_OFFICER_ROLE, description: '办理转办到本部门的论坛主题、领导留言和县长信箱', enabled: 1, dingAppKey: 'adminSite', dataScope: 'DEPART', createTime: ctx.now });
  const officerRole = Number(role.roleId);
  await grantAliases(db, officerRole, ['home', 'interact', 'theme', 'theme:list', 'theme:get', 'theme:reply']);
  const officer = (await db.selectFrom('users').select(['userId', 'name']).where('username', '=', 'jiaoyu').executeTakeFirst()) as { userId: number; name: string } | undefined;
  if (officer) await db.insertInto('user_roles').values({ userId: officer.userId, roleId: officerRole }).execute();
  return { officerRole, officer };
}

/** Two forums, four plates handled by departments, their moderating roles; answers the plates by name. */
async function seedForumsAndPlates(db: Db, ctx: SeedContext, officerRole: number): Promise<Map<string, Row>> {
  const deptId = (name: string) => ctx.deptIds.get(name) ?? null;
  const api = seedApi(db, ctx.decls);
  const forumIds = new Map<string, number>();
  for (const [i, f] of [
    { name: '云溪民生论坛', description: '教育、医疗、出行等民生话题的交流与咨询，相关部门在线答复。' },
    { name: '云溪发展建言', description: '围绕乡村振兴、城镇建设建言献策。' },
  ].entries()) {
    const row = await seedOne(api, 'forum', { ...f, sort: i + 1, status: 1, creatorId: ctx.people[0]?.userId ?? null, creatorName: ctx.people[0]?.name ?? null, deptId: ctx.people[0]?.deptId ?? null, deptName: ctx.people[0]?.deptName ?? null, createTime: ctx.now, updateTime: ctx.now });
    forumIds.set(f.name, Number(row.id));
  }
  const plates = new Map<string, Row>();
  for (const [i, p] of [
    { forum: '云溪民生论坛', name: '教育问答', dept: '县教育局', needAudit: 1, description: '入学、课后服务、校车等教育问题' },
    { forum: '云溪民生论坛', name: '医疗卫生', dept: '县卫生健康局', needAudit: 1, description: '就医、医保、公共卫生' },
    { forum: '云溪发展建言', name: '乡村振兴', dept: '县农业农村局', needAudit: 0, description: '特色产业、农村人居环境' },
    { forum: '云溪发展建言', name: '城镇建设', dept: '县政府办公室', needAudit: 1, description: '道路、路灯、停车等城镇管理' },
  ].entries()) {
    // The plate's hook stores the forum's and the department's names.
    const values: Row = { forumId: forumIds.get(p.forum), name: p.name, description: p.description, handleDeptId: deptId(p.dept), needAudit: p.needAudit, sort: i + 1, status: 1, createTime: ctx.now, updateTime: ctx.now };
    plates.set(p.name, await seedOne(api, 'plate', values));
  }
  // Moderators: the content auditors moderate every plate, the officers' role the education plate.
  const links: [string, number | undefined][] = [
    ...[...plates.keys()].map((p) => [p, ctx.roleIds.get('auditor')] as [string, number | undefined]),
    ['教育问答', officerRole],
  ];
  for (const [plate, roleId] of links) {
    if (roleId !== undefined) await db.insertInto('plate_role').values({ plateId: Number(plates.get(plate)!.id), roleId, createTime: ctx.now }).execute();
  }
  return plates;
}

/** Themes across the three channels, in the states staff meet. */
function demoThemes(now: Date): ThemeSeed[] {
  return [
    {
      channel: 'bbs', plate: '教育问答', title: '县城小学课后服务能否延长到下午六点',
      content: '双职工家庭下午五点半才能下班，目前县城小学课后服务五点结束，孩子接送很困难。希望能把课后服务延长到六点，并提供作业辅导。',
      name: '陈海燕', phone: '13757803101', createTime: inMonth(now, 3, 6, '20:14:09'), status: 1, isShow: 1, isRecommend: 1, handled: true, readCount: 236,
      replies: [{ dept: '县教育局', name: '刘洋', after: 46, status: 1, content: '您好！经研究，自本学期起县城各公办小学课后服务统一延长至18:00，17:00以后安排教师看护并辅导作业，家长可通过学校向班主任报名。感谢您对教育工作的关心。' }],
    },
    {
      channel: 'xax', title: '县实验小学门口上下学时段交通拥堵存在安全隐患',
      content: '实验小学门口道路狭窄，上下学时段接送车辆乱停，学生过马路很危险，建议设置临时停车区并安排交警疏导。',
      name: '吴志强', phone: '13757803102', createTime: inMonth(now, 3, 17, '08:42:31'), status: 1, isShow: 1, handled: true, readCount: 158,
      transferTo: '县教育局', transferRemark: '请县教育局会同交警部门核实处理', replies: [{ dept: '县教育局', name: '刘洋', after: 70, status: 1, content: '您好！县教育局已会同县公安局交警大队现场查看，在学校东侧划设临时接送停车区30个，上下学时段安排交警和护学岗值守。感谢您的建议。' }],
    },
    {
      channel: 'bbs', plate: '乡村振兴', title: '建议为白沙镇杨梅开设线上销售专区',
      content: '白沙镇杨梅品质好，但每年集中上市时销路有限。建议在县电商服务中心开设线上销售专区，并组织冷链物流。',
      name: '林晓东', phone: '13757803103', createTime: inMonth(now, 2, 9, '10:05:47'), status: 1, isShow: 1, handled: true, readCount: 97,
      replies: [{ dept: '县农业农村局', name: '县农业农村局', after: 30, status: 1, content: '感谢您的建议！明年杨梅季前，县农业农村局将联合县电商服务中心开设“云溪好物”杨梅专区，并对接冷链物流企业提供产地预冷和统一配送服务。' }],
    },
    {
      channel: 'll', title: '希望增加县城至青石镇的公交班次',
      content: '县城至青石镇的公交目前每小时一班，早晚高峰非常拥挤，末班车17:30太早，希望增加班次并延长末班时间。',
      name: '郑丽娟', phone: '13757803104', createTime: inMonth(now, 2, 21, '19:33:02'), status: 1, isShow: 1, handled: true, readCount: 121, person: true,
      transferTo: '县政府办公室', transferRemark: '请协调县交通运输部门研究答复', replies: [{ dept: '县政府办公室', name: '周敏', after: 52, status: 1, content: '您好！经协调，县城至青石镇公交线路自下月1日起早晚高峰加密至每20分钟一班，末班车延长至19:00。' }],
    },
    {
      channel: 'll', title: '推广某品牌保健品的信息',
      content: '高价回收各类保健品，联系电话见详情。',
      name: '张先生', phone: '13757803105', createTime: inMonth(now, 1, 4, '02:11:45'), status: 2, auditRemark: '内容与政务咨询无关，不予受理',
    },
    {
      channel: 'll', title: '青石镇石桥村自来水水压不足',
      content: '石桥村地势较高，每天早晚用水高峰时段自来水水压很低，二楼以上基本没水，希望尽快改造供水管网。',
      name: '黄建国', phone: '13757803106', createTime: inMonth(now, 1, 12, '07:58:20'), status: 1, isShow: 0, readCount: 12,
      transferTo: '青石镇', transferRemark: '请青石镇核实并答复群众', replies: [{ dept: '青石镇', name: '青石镇', after: 96, status: 0, content: '您好！经核实，石桥村供水加压泵站设备老化，镇政府已安排资金更换加压设备，预计本月底完工。' }],
    },
    {
      channel: 'bbs', plate: '城镇建设', title: '青石镇老街路灯夜间经常不亮',
      content: '青石镇老街从农贸市场到中心小学一段路灯已经坏了半个多月，晚上行人和电动车出行很不安全。',
      name: '方建华', phone: '13757803107', createTime: inMonth(now, 1, 24, '21:06:55'), status: 1, isShow: 1, readCount: 45,
    },
    {
      channel: 'bbs', plate: '医疗卫生', title: '县人民医院周末能否开放专家门诊',
      content: '上班族平时请假看病不方便，希望县人民医院周末也能开设部分专家门诊，方便群众就医。',
      name: '孙雅琴', phone: '13757803108', createTime: formatDateTime(new Date(now.getTime() - 30 * HOUR)), status: 0,
    },
    {
      channel: 'xax', title: '异地就医备案怎么办理',
      content: '父母长期随我在外省居住，想咨询医保异地就医备案需要哪些材料，能否在网上办理。',
      name: '王浩', phone: '13757803109', createTime: formatDateTime(new Date(now.getTime() - 52 * HOUR)), status: 3, auditRemark: '待确认是否转县医保局办理',
    },
    {
      channel: 'll', title: '县城老旧小区停车难的建议',
      content: '县城城东片区老旧小区车位严重不足，晚上车辆占道停放，消防通道被堵，建议利用周边空地建设公共停车场。',
      name: '李国华', phone: '13757803110', createTime: formatDateTime(new Date(now.getTime() - 6 * HOUR)), status: 0,
    },
  ];
}

/** Writes the themes with their replies (the theme's hook counts each plate's topics). */
async function seedThemes(db: Db, ctx: SeedContext, themes: ThemeSeed[], at: { plates: Map<string, Row>; officer: Officer; people: { phone: string; puPeopleId: number }[] }) {
  const { plates, officer, people } = at;
  const deptId = (name: string) => ctx.deptIds.get(name) ?? null;
  const byPhone = new Map(people.map((p) => [p.phone, p.puPeopleId]));
  const api = seedApi(db, ctx.decls);
  for (const t of themes) {
    const plate = t.plate ? plates.get(t.plate) : undefined;
    const dept = plate ? String(plate.handleDeptName) : t.transferTo;
    const replies = (t.replies ?? []).map((r) => ({ ...r, at: plus(t.createTime, r.after) }));
    const published = replies.filter((r) => r.status === 1);
    const audited = t.status !== 0;
    const values: Row = {
      channel: t.channel,
      forumId: plate?.forumId ?? null,
      plateId: plate?.id ?? null,
      plateName: plate?.name ?? null,
      title: t.title,
      content: t.content,
      type: 0,
      status: t.status,
      isShow: t.isShow ?? 0,
      isOpen: t.isOpen ?? 1,
      isRecommend: t.isRecommend ?? 0,
      replyState: published.length ? 1 : 0,
      handleState: t.handled ? 1 : 0,
      queryCode: newQueryCode(),
      name: t.name,
      phone: t.phone,
      email: null,
      peopleId: t.person ? (byPhone.get(t.phone) ?? null) : null,
      ip: '127.0.0.1',
      readCount: t.readCount ?? 0,
      replyCount: published.length,
      auditRemark: t.auditRemark ?? null,
      auditTime: audited ? plus(t.createTime, 3) : null,
      transferRemark: t.transferTo ? (t.transferRemark ?? null) : null,
      transferTime: t.transferTo ? plus(t.createTime, 5) : null,
      firstReplyTime: published[0]?.at ?? null,
      examineTime: t.handled ? plus(t.createTime, (published.at(-1)?.after ?? 24) + 24) : null,
      deptId: dept ? deptId(dept) : null,
      deptName: dept ?? null,
      createTime: t.createTime,
      updateTime: t.createTime,
    };
    // The replies come with the theme: the local API writes them as its child rows.
    const replyUser = (name: string) => (name === officer?.name ? officer.userId : (ctx.people.find((p) => p.name === name)?.userId ?? null));
    values.replies = replies.map((r) => ({
      type: 2,
      content: r.content,
      status: r.status,
      replyDeptId: deptId(r.dept),
      replyDeptName: r.dept,
      replyUserId: replyUser(r.name),
      replyName: r.name,
      replyTime: r.at,
      auditTime: r.status === 1 ? plus(r.at, 2) : null,
      createTime: r.at,
      updateTime: r.at,
    }));
    await seedOne(api, 'theme', values);
  }
}

/** Stored monthly counts of the last three months, computed as «生成本月统计» does. */
async function seedMonthlyCounts(db: Db, ctx: SeedContext) {
  const now = new Date(ctx.now.replace(' ', 'T'));
  const theme = ctx.decls.find((d) => d.name === 'theme')!;
  for (const back of [3, 2, 1]) {
    const rows = await monthCounts(db, theme, monthOf(now, back), null);
    for (const r of rows) await db.insertInto('theme_count').values({ ...r, createTime: ctx.now, updateTime: ctx.now }).execute();
  }
}
