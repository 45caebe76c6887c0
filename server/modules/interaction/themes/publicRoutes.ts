import { searchOf } from '../../../crud/routes.js';
import { readPaging } from '../../../crud/listQuery.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { missingParam, notFoundRecord } from '../../../http/errors.js';
import { param, readId } from '../../../http/params.js';
import { cleanPhone, normaliseQueryCode } from '../../../public/guard.js';
import { paginate } from '../../../shared/paging.js';
import { personOf } from '../people/peopleSession.js';
import type { ThemeContext } from './context.js';
import { publicReply, publicTheme } from './service.js';

/**
 * The author's own themes on the two 网络问政 channels (/llweb, /xaxweb). The published lists and the pages of
 * one published theme are the declaration's `reads` (resources/theme.ts); posting is a public operation
 * (server/entities/theme/citizen.ts).
 */
export function themePublicRoutes(ctx: ThemeContext) {
  const { app, svc, db, inputs: I } = ctx;
  for (const channel of ['ll', 'xax'] as const) {
    const base = `/${channel}web/theme`;
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
}

/** What the author sees of their own theme: state, handling department and published replies. */
function myTheme(r: Row, replies: Row[] | null): Row {
  const out: Row = { ...publicTheme(r), name: r.name, phone: r.phone, queryCode: r.queryCode, status: r.status, isShow: r.isShow, transferTime: r.transferTime, auditRemark: Number(r.status) === 2 ? r.auditRemark : null };
  if (replies) out.replies = replies.map(publicReply);
  return out;
}

