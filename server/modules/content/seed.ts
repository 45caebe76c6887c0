import { ARTICLE_WRITE, type ArticleWrite } from './articles/changes.js';
import { type Db, type Row, dynamic } from '../../db/types.js';
import type { SeedContext } from '../../seed/domainSeeds.js';
import { seedApi, seedOne } from '../../crud/entity/seed.js';
import { CATALOGUES, grantAliases } from '../../seed/menuSync.js';
import { ensureMenuTree } from '../../seed/menuTree.js';
import { DISCLOSURE_ARTICLES } from './seedDisclosure.js';
import { plainText } from '../../shared/text.js';
import type { ColumnRole } from '../../../resources/monitoring/columnRoles.js';

/** The admin home's review queue (spec route "/main/home: audit", home_audit), opened by src/pages/homeAudit.tsx. */
export const AUDIT_MENU = { alias: 'home_audit', name: '待审文章', url: '/main/home/audit', icon: 'FactCheck', sort: 1 } as const;

/** Makes sure the review queue's menu entry exists under 首页 (granted to 系统管理员 when new). */
export async function ensureAuditMenu(db: Db): Promise<number> {
  const ids = await ensureMenuTree(db, { app: 'adminSite', catalogue: { alias: 'home', ...CATALOGUES.home }, menus: [AUDIT_MENU] });
  return ids.get(AUDIT_MENU.alias) as number;
}

// `role`: 栏目类别（考核）, what the inspection indicators and the annual report judge the column by.
const COLUMNS: { title: string; parent?: string; type?: number; url?: string; model?: boolean; sort: number; description?: string; role: ColumnRole }[] = [
  { title: '新闻中心', sort: 1, role: 'news' },
  { title: '政务要闻', parent: '新闻中心', sort: 1, role: 'news' },
  { title: '部门动态', parent: '新闻中心', sort: 2, role: 'news' },
  { title: '乡镇动态', parent: '新闻中心', sort: 3, role: 'news' },
  { title: '政务公开', sort: 2, role: 'policy' },
  { title: '通知公告', parent: '政务公开', sort: 1, role: 'notice' },
  { title: '政策文件', parent: '政务公开', sort: 2, model: true, role: 'policy' },
  // The 政务公开 sections a county site must show (依申请公开 is the application page, not a column).
  { title: '信息公开指南', parent: '政务公开', sort: 3, role: 'disclosureGuide' },
  { title: '信息公开制度', parent: '政务公开', sort: 4, role: 'disclosureRules' },
  { title: '法定主动公开内容', parent: '政务公开', sort: 5, role: 'disclosureStatutory' },
  { title: '信息公开年报', parent: '政务公开', sort: 6, role: 'disclosureAnnual' },
  // A cover column: its page shows this description (and its articles, when staff add some).
  {
    title: '走进云溪',
    sort: 3,
    type: 2,
    role: 'overview',
    description: '云溪县位于滇中高原，辖6镇3乡，面积1860平方公里，户籍人口约32万人。县内山水相依，茶园、温泉和古镇闻名省内，是省级生态文明建设示范县。',
  },
  { title: '政务服务网', sort: 4, type: 3, url: 'https://zwfw.yunxi.gov.example/', role: 'other' },
];

const PEOPLE = { admin: '系统管理员', shenhe: '周敏', xinxi: '李晓', xinxi2: '陈静' } as const;

const ARTICLES: { column: string; title: string; by: keyof typeof PEOPLE; status: number; flags?: string; source: string; time: string; content: string; fields?: Row; hits?: number }[] = [
  { column: '政务要闻', title: '云溪县召开2026年全县经济工作会议', by: 'admin', status: 5, flags: ',2,4,', source: '县政府办公室', time: '2026-03-01 09:30:00', content: '<p>会议总结2025年经济工作，部署2026年重点任务，提出全年地区生产总值增长6%左右的预期目标。会议要求持续优化营商环境，推动政务服务“一网通办”。</p>' },
  { column: '政务要闻', title: '县政府常务会议研究部署春季农业生产工作', by: 'admin', status: 5, source: '县政府办公室', time: '2026-03-08 16:00:00', content: '<p>会议强调，要抓紧抓实春耕备耕，确保粮食播种面积稳定，扎实推进乡村振兴；会议还研究了城乡居民医保缴费工作，要求做好集中缴费期的宣传和服务。</p>' },
  { column: '部门动态', title: '县教育局开展中小学校园安全大检查', by: 'xinxi', status: 5, source: '县教育局', time: '2026-03-11 10:00:00', content: '<p>检查组分赴全县32所中小学，重点检查消防设施、食堂卫生和校车管理，并督导秋季义务教育招生准备工作。</p>' },
  { column: '部门动态', title: '县第一中学举办科技节活动', by: 'xinxi2', status: 4, source: '县第一中学', time: '2026-03-20 14:00:00', content: '<p>科技节设机器人竞赛、科普讲座等十余项活动，全校师生参与。</p>' },
  { column: '乡镇动态', title: '青石镇茶园春管工作有序推进', by: 'xinxi', status: 6, source: '青石镇', time: '2026-03-18 09:00:00', content: '<p>全镇1.2万亩茶园完成春季修剪和施肥，预计4月上旬开采。</p>' },
  { column: '乡镇动态', title: '白沙镇开展人居环境整治月活动', by: 'xinxi', status: 2, source: '白沙镇', time: '2026-03-16 11:00:00', content: '<p>活动期间清理垃圾120余吨，整治乱堆乱放点位40处。</p>' },
  { column: '通知公告', title: '关于2026年清明节假期安排的通知', by: 'admin', status: 5, source: '县政府办公室', time: '2026-03-25 08:30:00', content: '<p>4月4日至6日放假调休，共3天。</p>' },
  { column: '政策文件', title: '云溪县促进民营经济高质量发展的若干措施', by: 'admin', status: 5, source: '县政府办公室', time: '2026-02-28 10:00:00', content: '<p>为优化营商环境，促进民营经济高质量发展，制定本措施。</p>', fields: { wjbh: '云政发〔2026〕3号', fwjg: '云溪县人民政府', cwrq: '2026-02-26', wjlx: '意见' } },
  ...DISCLOSURE_ARTICLES,
  { column: '部门动态', title: '县卫生健康局开展义诊进乡村活动（草稿）', by: 'xinxi', status: 3, source: '县卫生健康局', time: '2026-03-22 09:00:00', content: '<p>草稿：义诊活动安排待补充。</p>' },
];

/**
 * Demo content (first start): a column tree with a cover page and an external link, the 政策文件
 * model, column grants of the demo roles, their content keys, and articles in every state with history.
 */
export async function contentSeed(db: Db, ctx: SeedContext): Promise<void> {
  const cmId = await seedPolicyModel(db, ctx.decls, ctx.now);
  const ids = await seedColumns(db, ctx, cmId);
  await seedContentGrants(db, ctx);
  await seedArticles(db, ctx, ids);
}

/**
 * The 政策文件 model (its fields match the ZWGK search filters: document number, issuer, date, type), through
 * the local API: the model's hooks check it and write its fields and its table, as a staff save does.
 */
async function seedPolicyModel(db: Db, decls: SeedContext['decls'], now: string): Promise<number> {
  const fields = [
    { fieldTipsName: '文号', fieldFieldName: 'wjbh', fieldType: 1, fieldRequired: 0, fieldSort: 0 },
    { fieldTipsName: '发文机关', fieldFieldName: 'fwjg', fieldType: 1, fieldRequired: 0, fieldSort: 1 },
    { fieldTipsName: '成文日期', fieldFieldName: 'cwrq', fieldType: 5, fieldRequired: 0, fieldSort: 2 },
    { fieldTipsName: '文件类型', fieldFieldName: 'wjlx', fieldType: 6, fieldOptions: ['决定', '通知', '意见', '办法', '规划'], fieldRequired: 0, fieldSort: 3 },
  ];
  const model = await seedOne(seedApi(db, decls), 'contentModel', { cmTipsName: '政策文件', cmTableName: 'policy_doc', fields, createTime: now, updateTime: now }, { inputs: ['fields'] });
  return Number(model.cmId);
}

/** Department staff's news columns (reviewers get every column that takes articles). */
const EDITOR_COLUMNS = ['部门动态', '乡镇动态', '通知公告', '政策文件'];

/** The column tree with the demo roles' grants (the link `roleIds`); answers the ids by title. */
async function seedColumns(db: Db, ctx: SeedContext, cmId: number): Promise<Map<string, number>> {
const ids = new Map<string, number>();
const api = seedApi(db, ctx.decls);
const now = ctx.now;
const [auditor, editor] = [ctx.roleIds.get('auditor'), ctx.roleIds.get('editor')];
for (const c of COLUMNS) {
  const roleIds = [(c.type ?? 1) !== 3 ? auditor : undefined, EDITOR_COLUMNS.includes(c.title) ? editor : undefined].filter((r): r is number => r !== undefined);
  const parentId = c.parent ? (ids.get(c.parent) ?? 0) : 0;
  // Through the local API: the column's checks run and its hook writes columnPath from the tree.
  const row = await seedOne(api, 'column', {
    categoryTitle: c.title,
    categoryCategoryId: parentId,
    columnType: c.type ?? 1,
    categorySort: c.sort,
    columnDiyUrl: c.url ?? null,
    columnDescrip: c.description ?? null,
    columnRole: c.role,
    roleIds,
    columnContentModelId: c.model ? cmId : null,
    columnListUrl: (c.type ?? 1) === 1 ? 'list.html' : null,
    columnUrl: (c.type ?? 1) !== 3 ? (c.type === 2 ? 'cover.html' : 'content.html') : null,
    createTime: now,
    updateTime: now,
  });
  ids.set(c.title, Number(row.categoryId));
}
  return ids;
}

async function seedContentGrants(db: Db, ctx: SeedContext) {
const auditor = ctx.roleIds.get('auditor');
const editor = ctx.roleIds.get('editor');
// Content keys of the demo roles (系统管理员 holds every key already).
await ensureAuditMenu(db);
await grantAliases(db, auditor, ['home', AUDIT_MENU.alias, 'content', 'article', 'article:list', 'article:get', 'article:update', 'article:accept', 'article:reject', 'file:upload']);
await grantAliases(db, editor, ['content', 'article', 'article:list', 'article:get', 'article:add', 'article:update', 'article:delete', 'article:copy', 'file:upload']);
}

/** Articles in every state, with the history that brought them there. */
async function seedArticles(db: Db, ctx: SeedContext, ids: Map<string, number>) {
const person = (key: keyof typeof PEOPLE) => ctx.people.find((p) => p.name === PEOPLE[key]) ?? (ctx.people[0] as SeedContext['people'][number]);
const reviewer = person('shenhe');
const admin = person('admin');
// Through the local API as the system: the article's declaration checks its demo records too.
const api = seedApi(db, ctx.decls);
for (const a of ARTICLES) {
  const owner = person(a.by);
  const row = await seedOne(api, 'article', {
      title: a.title,
      columnId: ids.get(a.column) as number,
      content: a.content,
      summary: plainText(a.content, 'input').slice(0, 60),
      flags: a.flags ?? '',
      source: a.source,
      author: owner.name,
      publishTime: a.status === 5 ? a.time : null,
      submitTime: a.status === 3 ? null : a.time,
      status: a.status,
      sort: 0,
      hits: a.hits ?? (a.status === 5 ? 10 + a.title.length : 0),
      imported: 0,
      lastOpinion: a.status === 2 ? '请补充活动照片和具体数据后再提交' : null,
      deptId: owner.deptId,
      deptName: owner.deptName,
      creatorId: owner.userId,
      creatorName: owner.name,
      createTime: a.time,
      updateTime: a.time,
      // The demo's own state and stamps; its history is written below.
      [ARTICLE_WRITE]: { seed: true } satisfies ArticleWrite,
  });
  const articleId = Number(row.articleId);
  const flow = async (who: typeof owner, action: string, actionName: string, fromStatus: number | null, toStatus: number, opinion: string | null = null) =>
    db.insertInto('article_flow').values({ articleId, action, actionName, fromStatus, toStatus, opinion, userId: who.userId, userName: who.name, createTime: a.time }).execute();
  await flow(owner, 'create', '新建', null, 3);
  if (a.status === 3) continue;
  if (a.by === 'admin' && a.status === 5) {
    await flow(owner, 'publish', '直接发布', 3, 5);
  } else {
    await flow(owner, 'submit', '提交审核', 3, 4);
    if (a.status === 2) await flow(reviewer, 'acceptReject', '初审退回', 4, 2, '请补充活动照片和具体数据后再提交');
    if (a.status === 6 || a.status === 5) await flow(reviewer, 'accept', '初审通过', 4, 6);
    if (a.status === 5) await flow(admin, 'approve', '终审发布', 6, 5);
  }
  if (a.fields) await dynamic(db).insertInto('cm_policy_doc').values({ articleId, ...a.fields }).execute();
}
}
