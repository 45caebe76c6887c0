import type { FastifyInstance } from 'fastify';
import { NOTICE_PERMISSIONS as P } from '../../../../resources/notice.js';
import { addressedTo } from '../../../entities/notice.js';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { param, readId, readIds } from '../../../http/params.js';
import { isBlank } from '../../../crud/validate.js';
import { formatDateTime } from '../../../util/time.js';
import { NOTICE_INPUT } from './inputs.js';

/**
 * 通知 beside its generic routes (list, get / add / update / dels, server/entities/notice.ts; the portal's
 * public list a declared read): marking read, which writes the reader's mark, not a notice.
 */
export async function noticeRoutes(app: FastifyInstance) {
  const db = app.db;
  // saveReadNoticeDto: { id } or { ids } (or noticeId) — only notices addressed to me; reading twice is fine.
  app.post('/notice/read', { config: { permission: P.my }, schema: NOTICE_INPUT.read, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const ids = !isBlank(param(request, 'ids')) ? readIds(request) : [readId(request, isBlank(param(request, 'noticeId')) ? 'id' : 'noticeId')];
    const mine = (await db.selectFrom('notice').select('id').where('id', 'in', ids).where(addressedTo(user)).execute()) as { id: number }[];
    if (mine.length !== ids.length) throw notFoundRecord();
    const now = formatDateTime();
    await db.transaction().execute(async (trx) => {
      for (const { id } of mine) {
        const seen = await trx.selectFrom('notice_read').select('noticeId').where('noticeId', '=', id).where('userId', '=', user.userId).executeTakeFirst();
        if (!seen) await trx.insertInto('notice_read').values({ noticeId: id, userId: user.userId, readTime: now }).execute();
      }
    });
    return ok(null, '已标记为已读');
  });
}
