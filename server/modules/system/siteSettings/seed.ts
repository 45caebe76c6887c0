import type { Db } from '../../../db/types.js';
import { seedApi } from '../../../crud/entity/seed.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';

/**
 * The demo's identity in 站点设置 (国办发〔2017〕47号): every item filled with a fictional but well-formed
 * value — a 10-character 网站标识码 of a county code that does not exist (539999), filing numbers in the
 * official patterns, reserved `.example` addresses, the skin's stand-in 党政机关网站标识 image.
 */
export const DEMO_SITE_IDENTITY = {
  siteName: '云溪县人民政府门户网站',
  siteDomain: 'www.yunxi.gov.example',
  siteIdCode: '5399990001',
  sponsor: '云溪县人民政府办公室',
  organizer: '云溪县大数据中心',
  phone: '0870-1234567',
  address: '云溪县人民路1号（邮编：659999）',
  email: 'zwgk@yunxi.gov.example',
  icp: '滇ICP备99999999号-1',
  policeRecord: '滇公网安备53999902000001号',
  conacImage: 'images/dzjg.svg',
  conacLink: 'https://bszs.conac.example/sitename?method=show&id=5399990001',
  homeTitle: '云溪县人民政府门户网站',
  keywords: '云溪县,云溪县人民政府,政务公开,政务服务,政民互动',
  description: '云溪县人民政府门户网站：发布云溪县政务动态，公开政府信息，提供办事服务和政民互动渠道。',
} as const;

export async function siteSettingDemoSeed(db: Db, context: SeedContext): Promise<void> {
  if (!context.decls.some((d) => d.name === 'siteSetting')) return;
  if (await db.selectFrom('site_setting').select('id').executeTakeFirst()) return;
  await seedApi(db, context.decls).seed('siteSetting', [{ ...DEMO_SITE_IDENTITY, grayMode: 0, templateSkin: 'default', updaterName: '系统', updateTime: context.now }]);
}
