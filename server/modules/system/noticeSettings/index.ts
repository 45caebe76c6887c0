import type { FastifyInstance } from 'fastify';
import { getRecord } from '../../../crud/service.js';
import { ok } from '../../../http/envelope.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { readId } from '../../../http/params.js';
import { declarationOf } from '../../declarationLookup.js';
import { eventLabel, parseIds, resolveRecipients, setInAppSender } from './reminders.js';
import { noticeInAppSender } from './inAppNotice.js';
import { describeInput, ID } from '../../../http/routeInput.js';

/**
 * 消息提醒设置 beside its generic routes (list/get/add/update/dels, server/entities/noticeSetting.ts):
 * /notice/set/detail (?id) answers the record with who it reaches now. See docs/system-settings.md.
 */
export async function noticeSettingRoutes(app: FastifyInstance) {
  // Reminders' 站内消息 become notices addressed to the recipients (我的通知).
  setInAppSender(noticeInAppSender(app));
  const decl = declarationOf(app, 'noticeSetting');
  if (!decl) return;
  app.post(decl.api.extra?.detail?.path ?? '/notice/set/detail', { config: { permission: decl.permissions.get }, schema: describeInput({ either: { id: ID } }), attachValidation: true }, async (request) => {
    const row = await getRecord(app.db, decl, currentUser(request), readId(request));
    const recipients = await resolveRecipients(app.db, row);
    return ok({
      ...row,
      eventName: eventLabel(String(row.eventType)),
      receivers: parseIds(row.receiverIds),
      recipients: recipients.map((r) => ({ userId: r.userId, name: r.name, hasMobile: !!r.mobile })),
    });
  });
}
