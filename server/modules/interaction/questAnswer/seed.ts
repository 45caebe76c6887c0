import type { Db } from '../../../db/types.js';
import { seedApi } from '../../../crud/entity/seed.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';

const ENTRIES: { quest: string; answer: string; keywords: string; isCommon?: 1; hitCount: number }[] = [
  {
    quest: '如何办理居住证？',
    answer: '在云溪县居住满半年、有合法稳定就业、住所或连续就读的，可携带居民身份证、居住登记凭证及就业（住所、就读）证明材料，到居住地派出所或县政务服务中心公安窗口申领，符合条件的15个工作日内发证。',
    keywords: '居住证,暂住证,派出所',
    isCommon: 1,
    hitCount: 128,
  },
  {
    quest: '新生儿怎么办理户口登记？',
    answer: '新生儿出生一个月内，由父母一方携带《出生医学证明》、父母双方身份证、户口簿和结婚证，到户籍所在地派出所办理，也可通过政务服务网“出生一件事”线上联办。',
    keywords: '新生儿,户口,出生,落户',
    isCommon: 1,
    hitCount: 96,
  },
  {
    quest: '城乡居民医保怎么缴费？',
    answer: '每年9月至12月为下一年度城乡居民医保集中缴费期，可通过税务App、银行网点或各镇便民服务中心缴纳，困难群众个人缴费部分由财政按规定资助。',
    keywords: '医保,缴费,城乡居民,医疗保险',
    isCommon: 1,
    hitCount: 210,
  },
  {
    quest: '医保异地就医备案怎么办理？',
    answer: '长期异地居住或工作的参保人员，可通过国家医保服务平台App或县医保局窗口办理异地就医备案，需提供身份证和异地居住（工作）承诺书，备案后在就医地定点医院直接结算。',
    keywords: '异地就医,备案,医保,结算',
    hitCount: 74,
  },
  {
    quest: '小学一年级新生入学报名需要什么材料？',
    answer: '报名材料：儿童户口簿、父母身份证、房产证或购房合同（租房需提供租赁登记备案证明），随迁子女另需居住证。报名时间一般为每年6月中旬，具体以县教育局发布的招生公告为准。',
    keywords: '入学,报名,小学,一年级,招生',
    isCommon: 1,
    hitCount: 167,
  },
  {
    quest: '农村宅基地建房审批流程是什么？',
    answer: '村民向村集体经济组织提出书面申请，经村民代表会议讨论通过并公示后，报镇政府审核，由镇政府组织农业农村、自然资源等部门联审，批准后核发《乡村建设规划许可证》和宅基地批准书。',
    keywords: '宅基地,建房,审批,农村',
    hitCount: 58,
  },
  {
    quest: '企业开办需要多长时间？',
    answer: '在县政务服务中心“企业开办专区”或政务服务网一网通办，营业执照、公章刻制、税务发票、社保登记等事项一个工作日内办结，全程免费。',
    keywords: '企业开办,营业执照,注册公司',
    hitCount: 41,
  },
  {
    quest: '申请公开政府信息的途径有哪些？',
    answer: '可通过本网站“依申请公开”栏目在线提交，也可当面或邮寄书面申请至各行政机关信息公开工作机构。行政机关收到申请后20个工作日内答复，需延长的不超过20个工作日。',
    keywords: '信息公开,依申请公开,申请',
    hitCount: 33,
  },
  {
    quest: '如何查询公积金缴存余额？',
    answer: '可通过县住房公积金管理部“云溪公积金”微信公众号、手机公积金App或携带身份证到县政务服务中心公积金窗口查询。',
    keywords: '公积金,查询,余额',
    hitCount: 88,
  },
  {
    quest: '残疾人证如何申领？',
    answer: '本人或监护人携带身份证、户口簿和近期免冠照片到户籍所在地镇便民服务中心提出申请，经指定医院评定后，由县残联审核发证，全程不收取费用。',
    keywords: '残疾人证,残联,申领',
    hitCount: 19,
  },
];

/**
 * The demo knowledge base of the Q&A assistant: ten county services with keywords, four marked common
 * (they follow the welcome message of `/questAnswer/getWelcomeMessage`), and three feedbacks of visitors.
 */
export async function questAnswerDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const admin = ctx.people[0];
  const owner = { creatorId: admin?.userId ?? null, creatorName: admin?.name ?? null, deptId: admin?.deptId ?? null, deptName: admin?.deptName ?? null, createTime: ctx.now, updateTime: ctx.now };
  const api = seedApi(db, ctx.decls);
  const ids = (await api.seed('questAnswer', ENTRIES.map((e, i) => ({ ...e, isCommon: e.isCommon ?? 0, status: 1, sort: i + 1, ...owner })))).map((r) => Number(r.id));
  const feedback = [
    { entry: 0, satisfied: 1, auditState: 1, content: '回答很清楚，按步骤在派出所办好了。', reply: '感谢您的肯定。' },
    { entry: 4, satisfied: 2, auditState: 0, content: '没有说明外省户籍的孩子能不能报名。', reply: null },
    { entry: 8, satisfied: 1, auditState: 0, content: null, reply: null },
  ] as const;
  await api.seed(
    'dearchFeedback',
    feedback.map((f) => ({ questAnswerId: ids[f.entry], quest: ENTRIES[f.entry]!.quest, content: f.content, satisfied: f.satisfied, auditState: f.auditState, reply: f.reply, ip: '127.0.0.1', createTime: ctx.now, updateTime: ctx.now })),
  );
}
