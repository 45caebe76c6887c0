import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import noticeDecl, { NOTICE_PERMISSIONS as P } from '../../../../resources/notice.js';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { applyFilters, readPaging } from '../../../crud/listQuery.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, notFoundRecord } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf, param, queryOf, readId, readIds } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { pageOf } from '../../../shared/paging.js';
import { NOTICE_INPUT } from './inputs.js';
import { isBlank } from '../../../crud/validate.js';
import { crudRouteSchemas } from '../../../crud/schema/routeSchemas.js';
import { safeSerializerCompiler } from '../../../crud/schema/serializer.js';

type Bag = Record<string, unknown>;
const searchOf = (request: FastifyRequest): Bag => ({ ...queryOf(request), ...bodyOf(request) });

/** Notices addressed to the user: to him by name, or to his department. */
function addressedTo(user: PortalUser) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (eb: any) =>
    eb.exists(
      eb
        .selectFrom('notice_target as t')
        .select('t.noticeId')
        .whereRef('t.noticeId', '=', 'notice.id')
        .where((w: typeof eb) =>
          w.or([
            w.and([w('t.targetType', '=', 'user'), w('t.targetId', '=', user.userId)]),
            ...(user.deptId !== null ? [w.and([w('t.targetType', '=', 'dept'), w('t.targetId', '=', user.deptId)])] : []),
          ]),
        ),
    );
}

/**
 * 通知 beside its generic routes (get / add / update / dels, server/entities/notice.ts): the list call
 * (the inbox with each reader's read state and unread count, or the outbox with read counts: per-caller
 * state, not a plain page of records) and marking read; the portal's public list is the declaration's `reads`.
 */
export async function noticeRoutes(app: FastifyInstance) {
  noticeInboxRoutes(app);
}

const LIST_ANSWER = crudRouteSchemas(noticeDecl).list.response;

// The list's box and readFlag filters are no columns: read here, not by applyFilters.
const columnFilters = { ...noticeDecl, list: { ...noticeDecl.list, filters: noticeDecl.list.filters.filter((f) => f.field !== 'box' && f.field !== 'readFlag') } };

/** My notices (or, as outbox, those I manage) with read flags, and marking them read. */
function noticeInboxRoutes(app: FastifyInstance) {
  const db = app.db;
  // baseNoticeSerachDto: box 'inbox' (default: addressed to me, with readFlag; readFlag 0/1 filters) or
  // 'outbox' (the notices I may manage, in my data scope: the noticeManage screen).
  app.post('/notice/my/list', {
    config: { permission: (r) => (String(((r.body ?? {}) as Bag).box ?? (r.query as Bag)?.box ?? '') === 'outbox' ? P.list : P.my) },
    // The answer is described as the generic list's page (records open to extra values: readFlag, readTime).
    schema: { ...NOTICE_INPUT.my, response: LIST_ANSWER },
    serializerCompiler: safeSerializerCompiler,
    attachValidation: true,
  }, async (request) => {
    const user = currentUser(request);
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    const outbox = String(search.box ?? '') === 'outbox';
    let base = applyFilters(db.selectFrom('notice'), columnFilters, search);
    if (outbox) base = applyScope(base, await scopeRule(db, user, noticeDecl));
    else {
      base = base.where(addressedTo(user));
      const readExists = sql<boolean>`exists (select 1 from notice_read r where r."noticeId" = notice.id and r."userId" = ${user.userId})`;
      if (!isBlank(search.readFlag)) {
        const flag = Number(search.readFlag);
        if (flag !== 0 && flag !== 1) throw invalidValue('已读标记取值不正确');
        base = flag === 1 ? base.where(readExists) : base.where(sql<boolean>`not ${readExists}`);
      }
    }
    const n = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
    const totalRow = Number(n.n);
    const rows = await base
      .selectAll('notice')
      .select([
        sql<string | null>`(select max(r."readTime") from notice_read r where r."noticeId" = notice.id and r."userId" = ${user.userId})`.as('readTime'),
        sql<number>`(select count(*) from notice_read r where r."noticeId" = notice.id)`.as('readTotal'),
      ])
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const list = rows.map((r) => {
      const { readTotal, ...rest } = r;
      return { ...rest, readCount: readTotal, readFlag: r.readTime ? 1 : 0 };
    });
    let unread: number | undefined;
    if (!outbox) {
      const u = (await db
        .selectFrom('notice')
        .where(addressedTo(user))
        .where(sql<boolean>`not exists (select 1 from notice_read r where r."noticeId" = notice.id and r."userId" = ${user.userId})`)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()) as { n: number | string };
      unread = Number(u.n);
    }
    return ok({ ...pageOf(list, { pageNum, pageSize }, totalRow), ...(unread !== undefined ? { unreadCount: unread } : {}) });
  });

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
