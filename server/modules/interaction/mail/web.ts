import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAIL_STAGE as S } from '../../../../resources/mail.js';
import { readPaging } from '../../../crud/listQuery.js';
import type { Row } from '../../../db/types.js';
import { MAIL_INPUT } from './inputs.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { bodyOf, param, queryOf, readId } from '../../../http/params.js';
import { cleanPhone, cleanText, guardPublicSubmission, newQueryCode, normaliseQueryCode } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { addHistory, ownerView, publicView } from './common.js';
import { storedCounts } from './counts.js';
import { cleanLetter } from './letter.js';
import { pageOf, wholePage } from '../../../shared/paging.js';

type Bag = Record<string, unknown>;
const searchOf = (request: FastifyRequest): Bag => ({ ...queryOf(request), ...bodyOf(request) });
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Lookups by code and phone: a few per minute and IP (in memory; the code space is far too large to guess). */
const LOOKUP_LIMIT = { max: 30, timeWindow: '1 minute' };
const wrongCode = () => new PortalError(1003, '查询码或联系电话不正确');

/**
 * The public side of the leader mailbox (no login): writing a letter (captcha, rate limits, plain text),
 * the published letters, and the writer's own letter by query code and phone.
 */
export async function mailWebRoutes(app: FastifyInstance) {
  mailWriterRoutes(app);
  mailPublishedRoutes(app);
}

/** The writer's side: a new letter, and his own by query code and phone. */
function mailWriterRoutes(app: FastifyInstance) {
  const db = app.db;

  app.post('/web/mail/add', { config: { public: true }, schema: MAIL_INPUT.webAdd, attachValidation: true }, async (request) => {
    await guardPublicSubmission(app, request, 'mail');
    const values = await cleanLetter(db, bodyOf(request));
    const now = formatDateTime();
    const queryCode = newQueryCode();
    const id = await db.transaction().execute(async (trx) => {
      const row = (await trx
        .insertInto('mail')
        .values({ ...values, status: 0, stage: S.PENDING, publicFlag: 0, source: 1, satisfaction: 0, rkFlag: 0, queryCode, receivedAt: now, createTime: now, updateTime: now })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      await addHistory(trx, row.id, 'submit', null);
      return row.id;
    });
    return ok({ id, queryCode, receivedAt: now }, '提交成功，请牢记查询码');
  });

  /** The letter with this code and phone, else 1003 (the same message whichever is wrong). */
  const ownLetter = async (request: FastifyRequest): Promise<Row> => {
    const rawCode = param(request, 'queryCode') ?? param(request, 'code');
    if (blank(rawCode)) throw missingParam('查询码');
    if (blank(param(request, 'phone'))) throw missingParam('联系电话');
    const code = normaliseQueryCode(rawCode);
    if (!code) throw wrongCode();
    const phone = cleanPhone(param(request, 'phone'), '联系电话');
    const row = await db.selectFrom('mail').selectAll().where('queryCode', '=', code).executeTakeFirst();
    if (!row || row.phone !== phone) throw wrongCode();
    return row;
  };

  app.post('/web/mail/code', { config: { public: true, rateLimit: LOOKUP_LIMIT }, schema: MAIL_INPUT.own, attachValidation: true }, async (request) => ok(ownerView(await ownLetter(request))));

  app.post('/web/mail/my/list', { config: { public: true, rateLimit: LOOKUP_LIMIT }, schema: MAIL_INPUT.ownPage, attachValidation: true }, async (request) => {
    const { pageNum } = readPaging(searchOf(request));
    let row: Row | null = null;
    try {
      row = await ownLetter(request);
    } catch (e) {
      if (!(e instanceof PortalError) || e.code !== 1003) throw e;
    }
    const list = row ? [ownerView(row)] : [];
    return ok(pageNum === 1 ? wholePage(list) : { ...wholePage(list), list: [], currPage: pageNum });
  });

  app.post('/web/mail/my/get', { config: { public: true, rateLimit: LOOKUP_LIMIT }, schema: MAIL_INPUT.ownGet, attachValidation: true }, async (request) => {
    const row = await ownLetter(request);
    if (!blank(param(request, 'id')) && Number(param(request, 'id')) !== Number(row.id)) throw wrongCode();
    return ok(ownerView(row));
  });

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
