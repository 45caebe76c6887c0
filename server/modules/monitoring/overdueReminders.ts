import type { Db } from '../../db/types.js';
import { formatDateTime } from '../../util/time.js';
import { dispatchReminder, reminderStage, type NoticeEvent } from '../system/noticeSettings/reminders.js';
import { openApplications, openLetters, type PendingItem } from './contentChecks.js';

const SOURCES: { event: NoticeEvent; items: (db: Db) => Promise<PendingItem[]>; link: string; noun: string }[] = [
  { event: 'MAIL_OVERDUE', items: (db) => openLetters(db), link: '/main/interact/LeaderMailbox', noun: '来信' },
  { event: 'APPLY_OVERDUE', items: (db) => openApplications(db), link: '/main/interact/apply', noun: '依申请公开申请' },
];

/**
 * The daily sweep of items with a time limit (letters, disclosure applications): for every enabled
 * 消息提醒设置 of MAIL_OVERDUE / APPLY_OVERDUE and every open item, the reminder of the stage the
 * setting says is due (提前提醒, then 超期) goes out once — `reminder_sent` remembers it.
 */
export async function sweepOverdueReminders(db: Db): Promise<number> {
  let sent = 0;
  for (const source of SOURCES) {
    const settings = await db.selectFrom('notice_setting').selectAll().where('eventType', '=', source.event).where('status', '=', 1).execute();
    if (settings.length === 0) continue;
    const items = await source.items(db);
    for (const setting of settings) {
      const limit = Number(setting.overdueDays ?? 0);
      for (const item of items) {
        const stage = reminderStage(setting, item.days);
        if (stage !== 'advance' && stage !== 'overdue') continue;
        const itemKey = `${setting.id}:${item.id}`;
        const seen = await db.selectFrom('reminder_sent').select('stage').where('eventType', '=', source.event).where('itemKey', '=', itemKey).where('stage', '=', stage).executeTakeFirst();
        if (seen) continue;
        await db.insertInto('reminder_sent').values({ eventType: source.event, itemKey, stage, sentAt: formatDateTime() }).execute();
        const days = stage === 'overdue' ? item.days - limit : limit - item.days;
        const content = stage === 'overdue' ? `${source.noun}“${item.title}”（${item.since.slice(0, 10)}收到）已超期${days}天，请尽快办理。` : `${source.noun}“${item.title}”（${item.since.slice(0, 10)}收到）还有${days}天到期，请及时办理。`;
        const results = await dispatchReminder(db, source.event, { title: item.title, content, link: source.link, days }, { ageDays: item.days, settingId: setting.id });
        sent += results.length;
      }
    }
  }
  return sent;
}
