import type { FastifyInstance } from 'fastify';
import { localApi } from '../../../crud/entity/localApi.js';
import { systemUser } from '../../../crud/entity/runtime.js';
import { dynamic, type Db } from '../../../db/types.js';
import type { InAppSender } from './reminders.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * 站内消息 of a reminder: a notice (通知) addressed to the recipients one by one, so it shows in each
 * one's 我的通知 (/notice/my/list) with its read state. Sent by 系统提醒, not public; saved through the local
 * API on the caller's handle (its transaction, if any), so the notice's own rules and links write it.
 */
export function noticeInAppSender(app: FastifyInstance): InAppSender {
  return {
    async send(db: Db, recipients, message) {
      if (recipients.length === 0) return;
      const link = message.link ? `<p>处理入口：<a href="#${escapeHtml(message.link)}">${escapeHtml(message.link)}</a></p>` : '';
      await localApi(app.entities.runtime, dynamic(db), systemUser).create('notice', {
        title: message.title.slice(0, 200),
        content: `<p>${escapeHtml(message.content)}</p>${link}`,
        publisher: '系统提醒',
        isPublic: 0,
        targetUserIds: recipients.map((r) => r.userId),
      });
    },
  };
}
