import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Row } from '../../../db/types.js';
import { MAIL_INPUT } from './inputs.js';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord } from '../../../http/errors.js';
import { bodyOf, queryOf, readId } from '../../../http/params.js';
import { storedCounts } from './counts.js';

type Bag = Record<string, unknown>;
const searchOf = (request: FastifyRequest): Bag => ({ ...queryOf(request), ...bodyOf(request) });

/**
 * The public side of the leader mailbox (no login): the counts. The published letters are the declaration's
 * `reads`; writing a letter and finding one's own by query code its public operations (server/entities/mail/citizen.ts).
 */
export async function mailWebRoutes(app: FastifyInstance) {
  mailPublishedRoutes(app);
}

/** The counts per department the portal publishes (the letters are the declaration's `reads`). */
function mailPublishedRoutes(app: FastifyInstance) {
  const db = app.db;
  // Published counts per department (the office's running counts, which it may reset or correct).
  const publicCount = (r: Row) => ({ id: r.id, deptId: r.deptId, deptName: r.deptName, receivedCount: r.receivedCount, repliedCount: r.repliedCount, replyRate: r.replyRate, resetTime: r.resetTime });
  app.post('/web/mailCount/list', { config: { public: true }, schema: MAIL_INPUT.counts, attachValidation: true }, async (request) => {
    const page = await storedCounts(db, searchOf(request), true);
    return ok({ ...page, list: page.list.map(publicCount) });
  });
  app.post('/web/mailCount/get', { config: { public: true }, schema: MAIL_INPUT.id, attachValidation: true }, async (request) => {
    const id = readId(request);
    const { list } = await storedCounts(db, {}, false);
    const row = list.find((r) => Number(r.id) === id);
    if (!row) throw notFoundRecord();
    return ok(publicCount(row));
  });
}
