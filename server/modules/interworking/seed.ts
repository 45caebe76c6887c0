import type { Db } from '../../db/types.js';
import { seedApi } from '../../crud/entity/seed.js';
import type { SeedContext } from '../../seed/domainSeeds.js';

/** Two demo items, as a fresh installation without an endpoint records them (仅记录). */
export async function interworkingDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  if (!ctx.decls.some((d) => d.name === 'interWorking')) return;
  const by = ctx.people[0]?.name ?? '系统管理员';
  const items = [
    { kind: 'leader', title: '县长 陈志远 工作分工', payload: { title: '县长 陈志远 工作分工', duty: '主持县政府全面工作' } },
    { kind: 'bulletin', title: '云溪县2026年春季森林防火工作的通告', payload: { title: '云溪县2026年春季森林防火工作的通告', publishTime: '2026-03-02 09:00:00' } },
  ];
  await seedApi(db, ctx.decls).seed(
    'interWorking',
    items.map((i) => ({ kind: i.kind, title: i.title, sourceId: null, payload: JSON.stringify(i.payload), status: 3, result: '未配置集约化平台地址，仅记录', attempts: 1, creatorName: by, createTime: ctx.now, sentTime: ctx.now })),
  );
}
