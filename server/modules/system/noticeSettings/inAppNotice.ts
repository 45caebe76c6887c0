import type { Db } from '../../../db/types.js';
import { formatDateTime } from '../../../util/time.js';
import type { InAppSender } from './reminders.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * 站内消息 of a reminder: a notice (通知) addressed to the recipients one by one, so it shows in each
 * one's 我的通知 (/notice/my/list) with its read state. Sent by 系统提醒, not public.
 */
export const noticeInAppSender: InAppSender = {
  async send(db: Db, recipients, message) {
    if (recipients.length === 0) return;
    const now = formatDateTime();
    const link = message.link ? `<p>处理入口：<a href="#${escapeHtml(message.link)}">${escapeHtml(message.link)}</a></p>` : '';
    const names = recipients.map((r) => r.name).join('、');
    await db.transaction().execute(async (trx) => {
      const row = (await trx
        .insertInto('notice')
        .values({
          title: message.title.slice(0, 200),
          content: `<p>${escapeHtml(message.content)}</p>${link}`,
          publisher: '系统提醒',
          isPublic: 0,
          targetUserIds: recipients.map((r) => r.userId).join(','),
          targetNames: names.length > 500 ? `${names.slice(0, 497)}…` : names,
          readCount: 0,
          creatorName: '系统提醒',
          createTime: now,
          updateTime: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      await trx
        .insertInto('notice_target')
        .values(recipients.map((r) => ({ noticeId: row.id, targetType: 'user', targetId: r.userId })))
        .execute();
    });
  },
};
