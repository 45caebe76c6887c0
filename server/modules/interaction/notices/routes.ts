import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import noticeDecl, { NOTICE_PERMISSIONS as P } from '../../../../resources/notice.js';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { applyFilters, readPaging } from '../../../crud/listQuery.js';
import { sanitizeRichText } from '../../../crud/sanitize.js';
import type { Db, Row, NewRow, RowOf } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf, param, queryOf, readId, readIds } from '../../../http/params.js';
import { cleanText } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { plainText } from '../../../shared/text.js';
import { pageOf } from '../../../shared/paging.js';
import { NOTICE_INPUT } from './inputs.js';
import { createdBy } from '../../../shared/records.js';

type Bag = Record<string, unknown>;
const searchOf = (request: FastifyRequest): Bag => ({ ...queryOf(request), ...bodyOf(request) });
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** `[1,2]`, `"1,2"` or `3` → unique positive ids. */
function idList(value: unknown, label: string): number[] {
  if (blank(value)) return [];
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const ids = parts.filter((p) => !blank(p)).map((p) => Number(typeof p === 'string' ? p.trim() : p));
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw invalidValue(`${label}格式不正确`);
  return [...new Set(ids)];
}

interface Targets {
  deptIds: number[];
  userIds: number[];
  names: string;
}

async function resolveTargets(db: Db, body: Bag): Promise<Targets> {
  const deptIds = idList(body.targetDeptIds ?? body.deptIds, '接收部门');
  const userIds = idList(body.targetUserIds ?? body.userIds, '接收人');
  if (deptIds.length === 0 && userIds.length === 0) throw missingParam('接收部门或接收人');
  if (deptIds.length + userIds.length > 2000) throw invalidValue('接收范围过大');
  const depts = deptIds.length ? ((await db.selectFrom('departments').select(['id', 'name']).where('id', 'in', deptIds).execute()) as { id: number; name: string }[]) : [];
  if (depts.length !== deptIds.length) throw new PortalError(1003, '接收部门不存在');
  const users = userIds.length ? ((await db.selectFrom('users').select(['userId', 'name']).where('userId', 'in', userIds).execute()) as { userId: number; name: string }[]) : [];
  if (users.length !== userIds.length) throw new PortalError(1003, '接收人不存在');
  const names = [...depts.map((d) => d.name), ...users.map((u) => u.name)].join('、');
  return { deptIds, userIds, names: names.length > 500 ? `${names.slice(0, 497)}…` : names };
}

function cleanNotice(body: Bag, partial: boolean): Row {
  const out: Row = {};
  const has = (k: string) => !partial || k in body;
  if (has('title')) out.title = cleanText(body.title, { label: '标题', max: 200, required: true });
  if (has('content')) {
    if (blank(body.content)) throw missingParam('内容');
    if (typeof body.content !== 'string') throw invalidValue('内容格式不正确');
    if (body.content.length > 100_000) throw invalidValue('内容长度不能超过100000个字符');
    const html = sanitizeRichText(body.content);
    if (!plainText(html, 'input') && !/<img/i.test(html)) throw missingParam('内容');
    out.content = html;
  }
  if (has('publisher')) out.publisher = cleanText(body.publisher, { label: '发布单位', max: 100 }) || null;
  if (has('isPublic') && !blank(body.isPublic)) {
    const v = Number(body.isPublic);
    if (v !== 0 && v !== 1) throw invalidValue('是否公开取值不正确');
    out.isPublic = v;
  }
  return out;
}

async function writeTargets(trx: Db, noticeId: number, t: Targets) {
  await trx.deleteFrom('notice_target').where('noticeId', '=', noticeId).execute();
  const rows = [...t.deptIds.map((id) => ({ noticeId, targetType: 'dept', targetId: id })), ...t.userIds.map((id) => ({ noticeId, targetType: 'user', targetId: id }))];
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto('notice_target').values(rows.slice(i, i + 500)).execute();
}

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

/** Notices: publish to departments and users, my notices with read flags, mark read, public list. */
export async function noticeRoutes(app: FastifyInstance) {
  noticeManageRoutes(app);
  noticeInboxRoutes(app);
  noticePublicRoutes(app);
}

async function withTargets(db: Db, row: RowOf<'notice'>): Promise<Row> {
  const targets = await db.selectFrom('notice_target').select(['targetType', 'targetId']).where('noticeId', '=', row.id).execute();
  const readCount = await db.selectFrom('notice_read').select((eb) => eb.fn.countAll().as('n')).where('noticeId', '=', row.id).executeTakeFirstOrThrow();
  return {
    ...row,
    targetDeptIds: targets.filter((t) => t.targetType === 'dept').map((t) => t.targetId),
    targetUserIds: targets.filter((t) => t.targetType === 'user').map((t) => t.targetId),
    readCount: Number(readCount.n),
  };
}

async function create(db: Db, request: FastifyRequest) {
  const user = currentUser(request);
  const body = bodyOf(request);
  const values = cleanNotice(body, false);
  const targets = await resolveTargets(db, body);
  const now = formatDateTime();
  const row = await db.transaction().execute(async (trx) => {
    const inserted = (await trx
      .insertInto('notice')
      .values({ isPublic: 0, ...values, publisher: values.publisher ?? user.deptName, targetNames: targets.names, readCount: 0, ...createdBy(user, now) } as NewRow<'notice'>)
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    await writeTargets(trx, inserted.id, targets);
    return trx.selectFrom('notice').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
  });
  return ok(await withTargets(db, row), '发布成功');
}

async function update(db: Db, request: FastifyRequest) {
  const user = currentUser(request);
  const body = bodyOf(request);
  const id = readId(request);
  const rule = await scopeRule(db, user, noticeDecl);
  const found = await applyScope(db.selectFrom('notice').select('id').where('id', '=', id), rule).executeTakeFirst();
  if (!found) throw notFoundRecord();
  const values = cleanNotice(body, true);
  const changeTargets = ['targetDeptIds', 'targetUserIds', 'deptIds', 'userIds'].some((k) => k in body);
  const targets = changeTargets ? await resolveTargets(db, body) : null;
  const row = await db.transaction().execute(async (trx) => {
    await trx.updateTable('notice').set({ ...values, ...(targets ? { targetNames: targets.names } : {}), updateTime: formatDateTime() }).where('id', '=', id).execute();
    if (targets) await writeTargets(trx, id, targets);
    return trx.selectFrom('notice').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
  return ok(await withTargets(db, row), '修改成功');
}

/** Publishing notices: save, change, delete, read one. */
function noticeManageRoutes(app: FastifyInstance) {
  const db = app.db;
  app.post('/notice/add', { config: { permission: (r) => (blank(((r.body ?? {}) as Bag).id) ? P.create : P.update) }, schema: NOTICE_INPUT.save, attachValidation: true }, async (request) =>
    blank(bodyOf(request).id) ? create(db, request) : update(db, request),
  );
  // The spec shows no body; it takes the save body with the id (docs/interaction-mail.md).
  app.post('/notice/update', { config: { permission: P.update }, schema: NOTICE_INPUT.update, attachValidation: true }, (request) => update(db, request));

  app.post('/notice/dels', { config: { permission: P.delete }, schema: NOTICE_INPUT.ids, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const ids = blank(param(request, 'ids')) ? [readId(request)] : readIds(request);
    const rule = await scopeRule(db, user, noticeDecl);
    const found = await applyScope(db.selectFrom('notice').select('id').where('id', 'in', ids), rule).execute();
    if (found.length !== ids.length) throw notFoundRecord();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('notice_target').where('noticeId', 'in', ids).execute();
      await trx.deleteFrom('notice_read').where('noticeId', 'in', ids).execute();
      await trx.deleteFrom('notice').where('id', 'in', ids).execute();
    });
    return ok(null, '删除成功');
  });

  app.post('/notice/get', { config: { permission: P.get }, schema: NOTICE_INPUT.id, attachValidation: true }, async (request) => {
    const rule = await scopeRule(db, currentUser(request), noticeDecl);
    const row = await applyScope(db.selectFrom('notice').selectAll().where('id', '=', readId(request)), rule).executeTakeFirst();
    if (!row) throw notFoundRecord();
    return ok(await withTargets(db, row));
  });

}

/** My notices (or, as outbox, those I manage) with read flags, and marking them read. */
function noticeInboxRoutes(app: FastifyInstance) {
  const db = app.db;
  // baseNoticeSerachDto: box 'inbox' (default: addressed to me, with readFlag; readFlag 0/1 filters) or
  // 'outbox' (the notices I may manage, in my data scope: the noticeManage screen).
  app.post('/notice/my/list', {
    config: { permission: (r) => (String(((r.body ?? {}) as Bag).box ?? (r.query as Bag)?.box ?? '') === 'outbox' ? P.list : P.my) },
    schema: NOTICE_INPUT.my,
    attachValidation: true,
  }, async (request) => {
    const user = currentUser(request);
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    const outbox = String(search.box ?? '') === 'outbox';
    let base = applyFilters(db.selectFrom('notice'), noticeDecl, search);
    if (outbox) base = applyScope(base, await scopeRule(db, user, noticeDecl));
    else {
      base = base.where(addressedTo(user));
      const readExists = sql<boolean>`exists (select 1 from notice_read r where r."noticeId" = notice.id and r."userId" = ${user.userId})`;
      if (!blank(search.readFlag)) {
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
    const ids = !blank(param(request, 'ids')) ? readIds(request) : [readId(request, blank(param(request, 'noticeId')) ? 'id' : 'noticeId')];
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

/** Public notices on the portal. */
function noticePublicRoutes(app: FastifyInstance) {
  const db = app.db;
  // Public notices on the portal: only those marked public.
  app.post('/notice/web/list', { config: { public: true }, schema: NOTICE_INPUT.webList, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    let base = db.selectFrom('notice').where('isPublic', '=', 1);
    if (!blank(search.title)) {
      const t = cleanText(search.title, { label: '标题', max: 100 }).replace(/[\\%_]/g, '');
      if (t) base = base.where('title', 'like', `%${t}%`);
    }
    const n = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
    const totalRow = Number(n.n);
    const list = await base
      .select(['id', 'title', 'content', 'publisher', 'createTime'])
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return ok(pageOf(list, { pageNum, pageSize }, totalRow));
  });
}
