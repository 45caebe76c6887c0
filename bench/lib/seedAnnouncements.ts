// Bulk-inserts synthetic announcements straight into the table (the API would take minutes for 10,000).
import type { Kysely } from 'kysely';

const words = ['关于', '做好', '全县', '秋冬季', '安全生产', '工作', '的通知', '公示', '招聘', '教师', '农村', '人居环境', '整治', '政务公开', '重点', '项目'];

function title(i: number): string {
  const pick = (n: number) => words[(i * 7 + n * 13) % words.length];
  return `${pick(1)}${pick(2)}${pick(3)}${pick(4)}（第${i}号）`;
}

function stamp(daysAgo: number): string {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function seedAnnouncements(db: Kysely<any>, count: number): Promise<void> {
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const values = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const when = stamp(i % 900);
      values.push({
        title: title(i),
        type: (i % 3) + 1,
        content: `<p>${title(i)}。各乡镇、县直各单位：现将有关事项通知如下。</p>`,
        source: '云溪县人民政府办公室',
        publishTime: when,
        isTop: i % 50 === 0 ? 1 : 0,
        status: i % 10 === 0 ? 0 : 1,
        sort: i % 100,
        readCount: i % 1000,
        deptId: 1,
        deptName: '云溪县人民政府',
        creatorId: 1,
        creatorName: '系统管理员',
        createTime: when,
        updateTime: when,
      });
    }
    await db.insertInto('announcement').values(values).execute();
  }
}
