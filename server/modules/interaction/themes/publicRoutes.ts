import type { FastifyRequest } from 'fastify';
import { searchOf } from '../../../crud/routes.js';
import { readPaging } from '../../../crud/listQuery.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { missingParam, notFoundRecord } from '../../../http/errors.js';
import { param, readId } from '../../../http/params.js';
import { cleanPhone, normaliseQueryCode } from '../../../public/guard.js';
import { increment } from '../../../shared/counters.js';
import { paginate } from '../../../shared/paging.js';
import { personOf } from '../people/peopleSession.js';
import type { ThemeContext } from './context.js';
import { type Channel, publicReply, publicTheme } from './service.js';

/** The public reads shared by the forum and the two 网络问政 channels (/llweb, /xaxweb); posting is a public operation (server/entities/theme/citizen.ts). */
function publicCalls({ svc, db }: ThemeContext) {
  // ---- public: forum family
  const publishedQuery = (channel?: Channel) => {
    let q = db.selectFrom('theme').where('status', '=', 1).where('isShow', '=', 1);
    if (channel) q = q.where('channel', '=', channel);
    return q;
  };
  const publicGet = async (request: FastifyRequest, channel: Channel | undefined, needReply = false) => {
    const id = readId(request);
    let q = publishedQuery(channel).selectAll().where('id', '=', id);
    if (needReply) q = q.where('replyState', '=', 1);
    const row = await q.executeTakeFirst();
    if (!row) throw notFoundRecord();
    // One UPDATE … + 1 (two visitors at once both count), then the count as it stands.
    await increment(db, 'theme', 'readCount', { column: 'id', keys: id });
    const after = await db.selectFrom('theme').select('readCount').where('id', '=', id).executeTakeFirst();
    return ok({ ...publicTheme({ ...row, readCount: Number(after?.readCount ?? 0) }), replies: (await svc.replies(id, true)).map(publicReply) });
  };
  return { publicGet };
}

/** The forum family's public reads of one theme (its lists are the declaration's `reads`, resources/theme.ts). */
export function themePublicRoutes(ctx: ThemeContext) {
  const { app, inputs: I } = ctx;
  const { publicGet } = publicCalls(ctx);
  app.post('/theme/webget', { config: { public: true }, schema: I.id, attachValidation: true }, (r) => publicGet(r, undefined));

  themeChannelPublicRoutes(ctx);
}

/** The two 网络问政 channels (/llweb, /xaxweb): a theme, the author's own themes, an appeal. */
function themeChannelPublicRoutes(ctx: ThemeContext) {
  const { app, svc, db, inputs: I } = ctx;
  const { publicGet } = publicCalls(ctx);
  // ---- public: the two 网络问政 channels
  for (const channel of ['ll', 'xax'] as const) {
    const base = `/${channel}web/theme`;
    app.post(`${base}/get`, { config: { public: true }, schema: I.id, attachValidation: true }, (r) => publicGet(r, channel));
    // The visitor finds their own theme by query code and phone, whatever its state.
    app.post(`${base}/getThemeByCodeAndTel`, { config: { public: true }, schema: I.byCode, attachValidation: true }, async (request) => {
      const code = normaliseQueryCode(param(request, 'queryCode') ?? param(request, 'code'));
      const phoneRaw = param(request, 'phone') ?? param(request, 'tel');
      if (!code) throw missingParam('查询码');
      if (phoneRaw === undefined || phoneRaw === null || phoneRaw === '') throw missingParam('phone');
      const phone = cleanPhone(phoneRaw, 'phone');
      const row = (await db.selectFrom('theme').selectAll().where('channel', '=', channel).where('queryCode', '=', code).where('phone', '=', phone).executeTakeFirst()) as
        | Row
        | undefined;
      if (!row) throw notFoundRecord();
      return ok(myTheme(row, await svc.replies(Number(row.id), true)));
    });
    app.post(`${base}/my/list`, { config: { public: true }, schema: I.paging, attachValidation: true }, async (request) => {
      const person = await personOf(app, request, true);
      const search = searchOf(request);
      const { pageNum, pageSize } = readPaging(search);
      const q = db.selectFrom('theme').where('channel', '=', channel).where('peopleId', '=', person.puPeopleId);
      const found = await paginate(q, { pageNum, pageSize }, (s) => s.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc'));
      return ok({ ...found, list: found.list.map((r) => myTheme(r, null)) });
    });
    app.post(`${base}/my/get`, { config: { public: true }, schema: I.id, attachValidation: true }, async (request) => {
      const person = await personOf(app, request, true);
      const row = await db
        .selectFrom('theme')
        .selectAll()
        .where('channel', '=', channel)
        .where('id', '=', readId(request))
        .where('peopleId', '=', person.puPeopleId)
        .executeTakeFirst();
      if (!row) throw notFoundRecord();
      return ok(myTheme(row, await svc.replies(row.id, true)));
    });
  }
  // 诉求 (appeals) of the ll channel: published themes with a published reply (the list is a declared read).
  app.post('/llweb/theme/appeal/get', { config: { public: true }, schema: I.id, attachValidation: true }, (r) => publicGet(r, 'll', true));
}

/** What the author sees of their own theme: state, handling department and published replies. */
function myTheme(r: Row, replies: Row[] | null): Row {
  const out: Row = { ...publicTheme(r), name: r.name, phone: r.phone, queryCode: r.queryCode, status: r.status, isShow: r.isShow, transferTime: r.transferTime, auditRemark: Number(r.status) === 2 ? r.auditRemark : null };
  if (replies) out.replies = replies.map(publicReply);
  return out;
}

