import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/types.js';
import { seedApi } from '../../../crud/entity/seed.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';
import { formatDateTime } from '../../../util/time.js';

/** Common government-service synonyms (政务服务常用同义词), seeded when the table is empty. */
export const SYNONYM_SEEDS = [
  '医保，医疗保障，医疗保险',
  '社保，社会保险，社会保障',
  '公积金，住房公积金',
  '低保，最低生活保障',
  '身份证，居民身份证',
  '户口，户籍',
  '营业执照，工商执照',
  '驾照，驾驶证，机动车驾驶证',
  '新农合，新型农村合作医疗',
  '养老金，基本养老金，养老保险金',
  '残疾证，残疾人证',
  '出生证，出生医学证明',
  '招聘，招考，招录',
  '补贴，补助',
  '政务公开，政府信息公开',
  '办事指南，服务指南',
  '营商环境，投资环境',
  '乡村振兴，新农村建设',
  '不动产登记，房产登记',
  '义务教育，中小学教育',
];

/** Local names kept whole by the segmenter, and common wrong forms. */
const TERM_SEEDS = [
  { word: '云溪县', kind: 1, correctTo: null },
  { word: '白沙镇', kind: 1, correctTo: null },
  { word: '麒麟山', kind: 1, correctTo: null },
  { word: '医宝', kind: 2, correctTo: '医保' },
  { word: '社宝', kind: 2, correctTo: '社保' },
  { word: '公基金', kind: 2, correctTo: '公积金' },
  { word: '营商环竟', kind: 2, correctTo: '营商环境' },
  { word: '低宝', kind: 2, correctTo: '低保' },
];

const SERVICE_SEEDS = [
  { keywords: '社保，社保缴费，社会保险', title: '社会保险参保缴费', link: 'https://www.gjzwfw.gov.cn/', answer: '城乡居民可通过“云溪政务服务”或县政务服务中心社保窗口办理参保登记和缴费。', sort: 1 },
  { keywords: '医保，医保缴费，医保报销', title: '城乡居民医保缴费与报销', link: 'https://fuwu.nhsa.gov.cn/', answer: '每年9月至12月集中缴纳次年城乡居民医保费，可在国家医保服务平台查询报销进度。', sort: 2 },
  { keywords: '公积金，公积金提取', title: '住房公积金提取', link: 'https://www.gjzwfw.gov.cn/', answer: '购房、租房、退休等情形可申请提取，携带身份证到县公积金管理部办理或网上办理。', sort: 3 },
];

/**
 * The search's staff tables, filled once: synonym groups on any first start (the search relies on them; a
 * group staff no longer want is disabled, not deleted, or it returns when the table is empty again), local
 * names, wrong forms and service entries with the demo data (domainSeeds.ts). The groups are created
 * through the local API as the system, in one transaction (the synonym's checks run on them).
 */
export async function seedSynonyms(app: FastifyInstance): Promise<void> {
  if (!app.entities.decls.some((d) => d.name === 'searchSynonym')) return;
  const any = await app.db.selectFrom('search_synonym').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await app.entities.transaction(undefined, async (api) => {
    for (const words of SYNONYM_SEEDS) await api.create('searchSynonym', { words, status: 1, remark: '预置' });
  });
}

export async function searchDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const api = seedApi(db, ctx.decls);
  const now = formatDateTime();
  if (!(await db.selectFrom('search_term').select('id').limit(1).executeTakeFirst())) {
    await api.seed('searchTerm', TERM_SEEDS.map((t) => ({ ...t, status: 1, updateTime: now })));
  }
  if (!(await db.selectFrom('search_service').select('id').limit(1).executeTakeFirst())) {
    await api.seed('searchService', SERVICE_SEEDS.map((s) => ({ ...s, status: 1, updateTime: now })));
  }
}
