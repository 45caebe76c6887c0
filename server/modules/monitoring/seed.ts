import type { Db } from '../../db/types.js';
import type { SeedContext } from '../../seed/domainSeeds.js';
import { newQueryCode } from '../../public/guard.js';
import { formatDateTime, parseDateTime } from '../../util/time.js';

const HOUR = 3_600_000;

/**
 * Demo monitoring data (first start with demo data): the demo websites are fictional addresses, so
 * their availability checks are turned off (no traffic to the internet, no alerts about sites that do
 * not exist); 本站 keeps its daily link check, which reads the generated folder. History so every
 * screen shows something: a week of hourly checks of 本站, a link check, a content check, server
 * samples, reminder settings for SITE_ABNORMAL and MAIL_OVERDUE and last year's staff-filled report fields.
 */
export async function monitorDemoSeed(db: Db, context: SeedContext): Promise<void> {
  const now = parseDateTime(context.now).getTime();
  // Without the website declaration (a trimmed start) there is no table to watch.
  if (!context.decls.some((d) => d.name === 'website')) return;
  await db.updateTable('website').set({ checkEnabled: 0, linkCheck: 0, remark: '演示数据：虚构网址，已停用自动检测' }).execute();
  const own = await db.selectFrom('website').selectAll().where('type', '=', 1).orderBy('id').executeTakeFirst();
  if (own) {
    await db.updateTable('website').set({ linkCheck: 1, keyword: '云溪县' }).where('id', '=', own.id).execute();
    const rows = [];
    for (let h = 7 * 24; h >= 1; h -= 1) {
      // Deterministic, plausible figures: slower in office hours, one failed check on the third day.
      const failed = h === 52;
      const hour = new Date(now - h * HOUR).getHours();
      const ms = failed ? 15_000 : 90 + ((h * 37) % 60) + (hour >= 9 && hour <= 17 ? 80 : 0);
      rows.push({
        websiteId: own.id,
        websiteName: String(own.name),
        kind: 'availability',
        result: failed ? 2 : 1,
        statusCode: failed ? null : 200,
        responseMs: ms,
        certExpireDays: 200 - Math.floor(h / 24),
        message: failed ? '响应超过15.0秒' : '正常',
        detail: JSON.stringify({ url: own.url, demo: true }),
        checkTime: formatDateTime(new Date(now - h * HOUR)),
      });
    }
    for (let i = 0; i < rows.length; i += 50) await db.insertInto('inspection_record').values(rows.slice(i, i + 50)).execute();
    const linkTime = formatDateTime(new Date(now - 3 * HOUR));
    const rec = (await db
      .insertInto('inspection_record')
      .values({
        websiteId: own.id,
        websiteName: String(own.name),
        kind: 'links',
        result: 2,
        message: '检查页面18个、链接240个，错误链接2个（首页0个），外部链接3个',
        detail: JSON.stringify({ pages: 18, links: 240, otherPageLinks: 200, broken: 2, brokenHome: 0, brokenOther: 2, external: 3, timedOut: false }),
        checkTime: linkTime,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    const origin = new URL(String(own.url)).origin;
    const link = (page: string, target: string, status: number | null, external: number, broken: number) => ({
      recordId: rec.id, websiteId: own.id, pageUrl: `${origin}${page}`, linkUrl: target, statusCode: status, error: null, external, broken, onHome: 0, checkTime: linkTime,
    });
    await db.insertInto('broken_link').values([
      link('/column/3/index.html', `${origin}/article/2025/11/8.html`, 404, 0, 1),
      link('/article/2026/03/2.html', `${origin}/upload/2025/old-plan.pdf`, 404, 0, 1),
      link('/index.html', 'https://zwfw.yunxi.gov.example/', null, 1, 0),
    ]).execute();
    await db.updateTable('website').set({ state: 1, lastCheckTime: rows[rows.length - 1]?.checkTime, responseMs: rows[rows.length - 1]?.responseMs, certExpireDays: 193, lastMessage: '正常' }).where('id', '=', own.id).execute();
  }
  const samples = [];
  for (let i = 48; i >= 1; i -= 1) {
    samples.push({
      sampleTime: formatDateTime(new Date(now - i * HOUR / 2)),
      hostName: 'portal-demo',
      cpuPercent: 8 + ((i * 13) % 25),
      load1: Math.round((0.3 + ((i * 7) % 10) / 10) * 100) / 100,
      memPercent: 45 + ((i * 5) % 12),
      memUsedMb: 3600 + ((i * 41) % 700),
      memTotalMb: 8192,
      diskPercent: 38.5,
      diskFreeMb: 61_000,
      uptimeSec: 86_400 * 12 - i * 1800,
      dbSizeMb: 12.5,
      pendingGeneration: i % 6,
    });
  }
  await db.insertInto('server_sample').values(samples).execute();

  const adminRole = context.roleIds.get('admin');
  if (adminRole) {
    const base = { receiverType: 'ROLE', receiverIds: String(adminRole), receiverNames: '系统管理员', remindWay: 1, status: 1, creatorName: '系统', createTime: context.now, updateTime: context.now };
    await db.insertInto('notice_setting').values([
      { ...base, name: '站点异常提醒', eventType: 'SITE_ABNORMAL', overdueDays: 0, advanceDays: 0 },
      { ...base, name: '网页篡改提醒', eventType: 'SITE_TAMPERED', overdueDays: 0, advanceDays: 0 },
      { ...base, name: '领导信箱超期提醒', eventType: 'MAIL_OVERDUE', overdueDays: 15, advanceDays: 3 },
    ]).execute();
  }
  // A letter 13 days old: the MAIL_OVERDUE setting (15 days, 3 in advance) reminds about it on the first sweep.
  const received = formatDateTime(new Date(now - 13 * 24 * HOUR));
  await db.insertInto('mail').values({ title: '关于城西农贸市场停车难的咨询', content: '城西农贸市场周边停车位不足，早市时段车辆乱停，请问是否有规划增设停车场？', type: 1, boxType: 2, name: '陈立', phone: '13907195566', isPublic: 1, publicFlag: 0, satisfaction: 0, rkFlag: 0, status: 0, stage: 1, source: 1, queryCode: newQueryCode(), receivedAt: received, createTime: received, updateTime: received }).execute();
  const lastYear = parseDateTime(context.now).getFullYear() - 1;
  await db.insertInto('annual_report').values({
    year: lastYear,
    fields: JSON.stringify({ visitsTotal: '1286400', uniqueVisitors: '215300', onlineInterviews: '6', searchAvailable: '是', mobileVersion: '是', socialChannels: '云溪发布（微信公众号）、云溪发布（微博）', securityChecksManual: '4', securityIncidents: '3', fixedIncidents: '3', staffCount: '5' }),
    updaterName: '系统管理员',
    updateTime: context.now,
  }).execute();
}
