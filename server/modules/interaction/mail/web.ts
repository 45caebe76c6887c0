import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readPaging } from '../../../crud/listQuery.js';
import type { Row } from '../../../db/types.js';
import { MAIL_INPUT } from './inputs.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, notFoundRecord } from '../../../http/errors.js';
import { bodyOf, param, queryOf, readId } from '../../../http/params.js';
import { cleanText } from '../../../public/guard.js';
import { publicView } from './common.js';
import { storedCounts } from './counts.js';
import { pageOf } from '../../../shared/paging.js';

type Bag = Record<string, unknown>;
const searchOf = (request: FastifyRequest): Bag => ({ ...queryOf(request), ...bodyOf(request) });
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The public side of the leader mailbox (no login): the published letters and counts. Writing a letter and
 * finding one's own by query code are the declaration's public operations (server/entities/mail/citizen.ts).
 */
export async function mailWebRoutes(app: FastifyInstance) {
  mailPublishedRoutes(app);
}

/** What the portal publishes: the letters, the counts per department. */
function mailPublishedRoutes(app: FastifyInstance) {
  const db = app.db;
  // Published letters: replied, the writer agreed and the office published it.
  const published = () => db.selectFrom('mail').where('publicFlag', '=', 1).where('status', '=', 1).where('isPublic', '=', 1);

  app.post('/web/mail/list', { config: { public: true }, schema: MAIL_INPUT.webList, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    let base = published();
    if (!blank(search.title)) {
      const t = cleanText(search.title, { label: '标题', max: 100 }).replace(/[\\%_]/g, '');
      if (t) base = base.where('title', 'like', `%${t}%`);
    }
    for (const k of ['type', 'boxType'] as const) {
      if (blank(search[k])) continue;
      const n = Number(search[k]);
      if (!Number.isInteger(n)) throw invalidValue(`参数格式不正确：${k}`);
      base = base.where(k, '=', n);
    }
    const n = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
    const totalRow = Number(n.n);
    const rows = await base.selectAll().orderBy('replyTime', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
    return ok(pageOf(rows.map(publicView), { pageNum, pageSize }, totalRow));
  });

  // idTypeDto: { id, type } — type, when given, is the mailbox (boxType).
  app.post('/web/mail/get', { config: { public: true }, schema: MAIL_INPUT.webGet, attachValidation: true }, async (request) => {
    const id = readId(request);
    let q = published().selectAll().where('id', '=', id);
    const type = param(request, 'type');
    if (!blank(type)) q = q.where('boxType', '=', Number(type));
    const row = await q.executeTakeFirst();
    if (!row) throw notFoundRecord();
    return ok(publicView(row));
  });

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
