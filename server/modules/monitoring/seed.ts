import type { Db } from '../../db/types.js';
import type { SeedContext } from '../../seed/domainSeeds.js';
import { seedApi } from '../../crud/entity/seed.js';
import { newQueryCode } from '../../public/guard.js';
import { formatDateTime, parseDateTime } from '../../util/time.js';

const HOUR = 3_600_000;

/**
 * Demo monitoring data (first start with demo data). No figure is made up: no seeded checks, link
 * checks or server samples — 本站 (registered at first start, monitoring/ownSite.ts) is checked for real
 * once the site is generated, so the screens show real figures within minutes. The fictional demo sites
 * are never checked (no traffic to addresses that do not exist). What the demo seeds is configuration
 * and work: reminder settings for SITE_ABNORMAL and MAIL_OVERDUE and a letter the overdue sweep finds.
 */
export async function monitorDemoSeed(db: Db, context: SeedContext): Promise<void> {
  const now = parseDateTime(context.now).getTime();
  // Without the website declaration (a trimmed start) there is no table to watch.
  if (!context.decls.some((d) => d.name === 'website')) return;
  const api = seedApi(db, context.decls);
  // 本站 was registered under 县大数据中心 (server/seed/firstStart.ts); the fictional sites are never checked.
  for (const site of await api.find('website')) {
    if (Number(site.type) !== 1) await api.update('website', Number(site.id), { checkEnabled: 0, linkCheck: 0, remark: '演示数据：虚构网址，不做检测' });
  }

  const adminRole = context.roleIds.get('admin');
  if (adminRole) {
    const base = { receiverType: 'ROLE', receiverIds: String(adminRole), receiverNames: '系统管理员', remindWay: 1, status: 1, creatorName: '系统', createTime: context.now, updateTime: context.now };
    await api.seed('noticeSetting', [
      { ...base, name: '站点异常提醒', eventType: 'SITE_ABNORMAL', overdueDays: 0, advanceDays: 0 },
      { ...base, name: '网页篡改提醒', eventType: 'SITE_TAMPERED', overdueDays: 0, advanceDays: 0 },
      { ...base, name: '领导信箱超期提醒', eventType: 'MAIL_OVERDUE', overdueDays: 15, advanceDays: 3 },
    ]);
  }
  // A letter 13 days old: the MAIL_OVERDUE setting (15 days, 3 in advance) reminds about it on the first sweep.
  const received = formatDateTime(new Date(now - 13 * 24 * HOUR));
  // Through the local API; as demo data (ctx.seed) the letter keeps its arrival 13 days back.
  await api.seed('mail', [{ title: '关于城西农贸市场停车难的咨询', content: '城西农贸市场周边停车位不足，早市时段车辆乱停，请问是否有规划增设停车场？', type: 1, boxType: 2, name: '陈立', phone: '13907195566', isPublic: 1, publicFlag: 0, satisfaction: 0, rkFlag: 0, status: 0, stage: 1, source: 1, queryCode: newQueryCode(), receivedAt: received, createTime: received, updateTime: received }]);
}
