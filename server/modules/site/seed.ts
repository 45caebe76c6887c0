import type { Db } from '../../db/types.js';
import type { SeedContext } from '../../seed/domainSeeds.js';
import { seedApi, seedOne } from '../../crud/entity/seed.js';

/** 云溪县 (fictional; codes under 3399xx, which no real area uses): towns and their villages. */
export const YUNXI_AREAS: { name: string; code: string; villages: string[] }[] = [
  { name: '城关街道', code: '339901001000', villages: ['人民路社区', '溪山社区', '广场社区', '北门村'] },
  { name: '溪东街道', code: '339901002000', villages: ['溪东社区', '白沙桥社区', '新塘村'] },
  { name: '青石镇', code: '339901101000', villages: ['青石村', '茶园村', '上坂村', '石门村'] },
  { name: '白沙镇', code: '339901102000', villages: ['白沙村', '沙洲村', '枫林村'] },
  { name: '云山镇', code: '339901103000', villages: ['云山村', '高坪村', '竹溪村'] },
  { name: '梅溪乡', code: '339901201000', villages: ['梅溪村', '下洋村', '岭头村'] },
  { name: '龙潭乡', code: '339901202000', villages: ['龙潭村', '黄泥坑村', '半岭村'] },
];

const NEWS = [
  { feed: 'capital', title: '国务院常务会议部署推进县域经济高质量发展', url: 'https://www.gov.example/yaowen/2026-03-18.htm', source: '中国政府网', publishDate: '2026-03-18' },
  { feed: 'capital', title: '国务院办公厅印发关于优化政务服务的意见', url: 'https://www.gov.example/zhengce/2026-03-12.htm', source: '中国政府网', publishDate: '2026-03-12' },
  { feed: 'province', title: '全省春季农业生产工作会议召开', url: 'https://www.province.example/news/2026-03-16.htm', source: '省政府网', publishDate: '2026-03-16' },
  { feed: 'province', title: '省政府发布2026年十方面民生实事', url: 'https://www.province.example/news/2026-03-02.htm', source: '省政府网', publishDate: '2026-03-02' },
  { feed: 'city', title: '市政府召开优化营商环境推进会', url: 'https://www.city.example/news/2026-03-17.htm', source: '市政府网', publishDate: '2026-03-17' },
  { feed: 'city', title: '全市重大项目集中开工', url: 'https://www.city.example/news/2026-03-08.htm', source: '市政府网', publishDate: '2026-03-08' },
  { feed: 'xaxGgzyjypt', title: '云溪县青石镇高标准农田建设项目招标公告', url: 'https://ggzy.city.example/jyxx/2026-03-19-01.htm', source: '公共资源交易中心', publishDate: '2026-03-19' },
  { feed: 'xaxGgzyjypt', title: '云溪县城区道路提升工程中标候选人公示', url: 'https://ggzy.city.example/jyxx/2026-03-14-02.htm', source: '公共资源交易中心', publishDate: '2026-03-14' },
];

/** Administrative areas, external news links and one blacklist entry (docs/spec-calls.md), through the local API. */
export async function siteDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const has = (name: string) => ctx.decls.some((d) => d.name === name);
  const api = seedApi(db, ctx.decls);
  const now = ctx.now;
  if (has('sysArea')) {
    const county = await seedOne(api, 'sysArea', { parentId: 0, name: '云溪县', code: '339901000000', level: 1, sort: 0, createTime: now, updateTime: now });
    for (const [i, town] of YUNXI_AREAS.entries()) {
      const t = await seedOne(api, 'sysArea', { parentId: county.id, name: town.name, code: town.code, level: 2, sort: i + 1, createTime: now, updateTime: now });
      await api.seed('sysArea', town.villages.map((v, j) => ({ parentId: t.id, name: v, code: `${town.code.slice(0, 9)}${String(j + 1).padStart(3, '0')}`, level: 3, sort: j + 1, createTime: now, updateTime: now })));
    }
  }
  const admin = ctx.people[0];
  const owner = admin ? { deptId: admin.deptId, deptName: admin.deptName, creatorId: admin.userId, creatorName: admin.name } : {};
  if (has('newsLink')) await api.seed('newsLink', NEWS.map((n, i) => ({ ...n, sort: i % 2, status: 1, ...owner, createTime: now, updateTime: now })));
  if (has('blacklist')) {
    await api.seed('blacklist', [{ type: 'phone', value: '13000000000', reason: '多次提交广告信息', expireTime: null, status: 1, hitCount: 0, ...owner, createTime: now, updateTime: now }]);
  }
}
