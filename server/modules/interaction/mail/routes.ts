import type { FastifyInstance } from 'fastify';
import { MAIL_PERMISSIONS as P } from '../../../../resources/mail.js';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { ok } from '../../../http/envelope.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { readSize } from '../../../http/params.js';
import { labelled, mailDecl } from './common.js';
import { MAIL_INPUT } from './inputs.js';

/**
 * The admin calls of /mail/* beside the generic ones (list, get, add, dels, the steps and the export are
 * resources/mail.ts + server/entities/mail.ts; /mail/del and /mail/smzjlist are `api.alsoAt`): the latest
 * letters.
 */
export async function mailRoutes(app: FastifyInstance) {
  const db = app.db;
  // 县长信箱 (szxx): the latest published letters to the county head, for the portal's home block.
  app.post('/mail/szxxList', { config: { permission: P.list }, schema: MAIL_INPUT.none, attachValidation: true }, async () => {
    const rows = await db
      .selectFrom('mail')
      .select(['id', 'title', 'type', 'boxType', 'receivedAt', 'replyDept', 'replyTime', 'status'])
      .where('boxType', '=', 2)
      .where('publicFlag', '=', 1)
      .orderBy('receivedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(10)
      .execute();
    return ok(rows.map(labelled));
  });

  // The newest letters in the caller's scope (dashboard).
  app.post('/mail/top', { config: { permission: P.list }, schema: MAIL_INPUT.size, attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 10, 50);
    const rule = await scopeRule(db, currentUser(request), mailDecl);
    const rows = await applyScope(db.selectFrom('mail'), rule)
      .select(['id', 'title', 'type', 'boxType', 'name', 'status', 'stage', 'receivedAt', 'transferDeptName'])
      .orderBy('receivedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .execute();
    return ok(rows.map(labelled));
  });
}
