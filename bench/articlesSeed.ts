// Synthetic articles for the issue-4 benchmark: 50 columns, N articles of Chinese text, inserted in bulk
// straight through Kysely inside transactions, then indexed for search in bulk.
import type { Kysely } from 'kysely';
import { bulkLoad, type SeedIndexes } from './lib/bulkLoad';
import { tailWords, zipfSampler } from './searchVocabulary';

/** Words the text is drawn from; the benchmark's keywords are among them. */
export const WORDS = [
  '乡村振兴', '营商环境', '安全生产', '生态环境', '公共服务', '民生实事', '疫情防控', '防汛抗旱', '招商引资', '项目建设',
  '基层治理', '文明城市', '教育', '医疗', '养老', '就业', '社保', '住房', '交通', '水利',
  '农业', '工业', '旅游', '文化', '体育', '科技', '人才', '金融', '税收', '财政',
  '会议', '调研', '检查', '督导', '部署', '推进', '落实', '开展', '召开', '举办',
  '全县', '各乡镇', '县直单位', '群众', '企业', '干部', '志愿者', '学生', '老人', '儿童',
  '茶叶', '果园', '养殖', '合作社', '电商', '物流', '公路', '桥梁', '学校', '医院',
  '改革', '创新', '发展', '保障', '服务', '管理', '监督', '整治', '提升', '优化',
  '春耕', '秋收', '防火', '防溺水', '食品安全', '消防', '环保', '垃圾分类', '污水处理', '绿化',
];

/** A deterministic pseudo-random sequence, so every run seeds the same text. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 0x100000000;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
// BENCH_SEED_NOW (ms since 1970) pins "now", so two seedings write the same rows (bench/seedScaling.ts compares them).
const now = () => Number(process.env.BENCH_SEED_NOW) || Date.now();
function stamp(msAgo: number): string {
  const d = new Date(now() - msAgo);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** 50 list columns under one parent; answers their ids. */
export async function seedColumns(db: Db, count = 50): Promise<number[]> {
  const now = stamp(0);
  const parent = (await db.insertInto('category').values({ categoryTitle: '基准测试', categoryCategoryId: 0, columnType: 1, categorySort: 99, createTime: now, updateTime: now }).returning('categoryId').executeTakeFirstOrThrow()) as { categoryId: number };
  const pid = Number(parent.categoryId);
  await db.updateTable('category').set({ columnPath: `/${pid}` }).where('categoryId', '=', pid).execute();
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const r = (await db.insertInto('category').values({ categoryTitle: `基准栏目${i}`, categoryCategoryId: pid, columnType: 1, categorySort: i, createTime: now, updateTime: now }).returning('categoryId').executeTakeFirstOrThrow()) as { categoryId: number };
    const id = Number(r.categoryId);
    await db.updateTable('category').set({ columnPath: `/${pid}/${id}` }).where('categoryId', '=', id).execute();
    ids.push(id);
  }
  return ids;
}

/**
 * `count` articles spread over the columns and the last 900 days; 90 % published. `indexes`: 'rebuild' (the
 * default) loads with the article table's secondary indexes dropped and creates them afterwards, so the load
 * is linear in `count` (each insert into 22 indexes grew slower as they grew: docs/performance.md, "Issue 26,
 * session 29"); 'keep' inserts into the indexed table (the old way, for comparison). The rows are the same.
 */
export async function seedArticles(db: Db, columnIds: readonly number[], count: number, batch = 500, perTransaction = 10_000, indexes: SeedIndexes = 'rebuild'): Promise<void> {
  if (indexes === 'keep') return insertArticles(db, columnIds, count, batch, perTransaction);
  await bulkLoad(db, ['article'], () => insertArticles(db, columnIds, count, batch, perTransaction));
}

async function insertArticles(db: Db, columnIds: readonly number[], count: number, batch: number, perTransaction: number): Promise<void> {
  const rand = rng(20260401);
  const word = () => WORDS[Math.floor(rand() * WORDS.length)] as string;
  // Three long-tail words per article (issue 25): searches of rare and middling words, not only common ones.
  const tail = zipfSampler(tailWords());
  for (let start = 0; start < count; start += perTransaction) {
    await db.transaction().execute(async (trx) => {
      for (let b = start; b < Math.min(count, start + perTransaction); b += batch) {
        const values = [];
        for (let i = b; i < Math.min(count, start + perTransaction, b + batch); i++) {
          const title = `${word()}${word()}${word()}工作${word()}（第${i}期）`;
          const sentences: string[] = [];
          for (let s = 0; s < 8; s++) sentences.push(`${word()}${word()}，${word()}${word()}${word()}，${word()}${word()}。`);
          sentences[5] = `涉及${tail(rand())}、${tail(rand())}和${tail(rand())}。`;
          const when = stamp(Math.floor(rand() * 900 * 86_400_000));
          const status = i % 10 === 0 ? [3, 4, 6, 2, 1][i % 5] : 5;
          values.push({
            title,
            columnId: columnIds[i % columnIds.length],
            content: `<p>${sentences.slice(0, 4).join('')}</p><p>${sentences.slice(4).join('')}</p>`,
            summary: sentences[0],
            flags: '',
            source: '云溪县人民政府办公室',
            author: '基准',
            publishTime: status === 5 || status === 1 ? when : null,
            status,
            sort: 0,
            hits: i % 1000,
            imported: 0,
            deptId: 1,
            deptName: '县政府',
            creatorId: 1,
            creatorName: '系统管理员',
            createTime: when,
            updateTime: when,
          });
        }
        await trx.insertInto('article').values(values).execute();
      }
    });
  }
}
