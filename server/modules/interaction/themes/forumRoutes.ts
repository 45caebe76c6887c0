import type { FastifyRequest } from 'fastify';
import type { ThemeContext } from './context.js';
import { staffCalls } from './staffCalls.js';
import { applyScope } from '../../../auth/dataScope.js';
import { searchOf } from '../../../crud/routes.js';
import { listRecords } from '../../../crud/service.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, readIds } from '../../../http/params.js';
import { newQueryCode } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { badState } from '../../../shared/records.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { countColumns, FORUM_PAGES, plateFor, rangeOf, themeFields } from './helpers.js';
import { maskPage } from '../../../shared/mask.js';
import { insertTheme, setThemes } from '../../../entities/theme.js';
import {
  type Channel,
  liveCounts,
  readIdList,
  } from './service.js';

/** /theme/*: the forum family, all channels for staff. */
export function themeForumRoutes(ctx: ThemeContext) {
  const { app, decl, svc, db, inputs: I } = ctx;
  const P = decl.permissions;
  const { adminList, adminGet } = staffCalls(ctx);
  // ---- /theme/* (the forum family, all channels for staff)
  app.post('/theme/list', { config: { permission: P.list }, schema: I.list, attachValidation: true }, async (r) => ok(await adminList(r)));
  app.post('/theme/get', { config: { permission: P.get }, schema: I.id, attachValidation: true }, (r) => adminGet(r));
  app.post('/theme/dels', { config: { permission: P.delete, republish: FORUM_PAGES }, schema: I.ids, attachValidation: true }, async (r) => ok(await svc.deleteThemes(currentUser(r), readIds(r)), '删除成功'));
  const byPeople = async (request: FastifyRequest) => {
    const search = searchOf(request);
    if (search.peopleId === undefined || search.peopleId === null || search.peopleId === '') throw missingParam('peopleId');
    return ok(maskPage(await listRecords(db, decl, currentUser(request), search)));
  };
  app.post('/theme/listByPeopleId', { config: { permission: P.list }, schema: I.byPeople, attachValidation: true }, byPeople);
  app.post('/theme/themeListBypeopleId', { config: { permission: P.list }, schema: I.byPeople, attachValidation: true }, byPeople);

  // Staff post a topic on a plate: passed and shown at once.
  app.post('/theme/add', { config: { permission: P.create, republish: FORUM_PAGES }, schema: I.add, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const user = currentUser(request);
    const fields = await themeFields(body, 'bbs');
    const now = formatDateTime();
    const row = await db.transaction().execute(async (trx) => {
      const plate = await plateFor(trx, body.plateId, true);
      const values: Row = {
        ...fields,
        channel: 'bbs',
        type: 0,
        status: 1,
        isShow: fields.isOpen === 0 ? 0 : 1,
        isRecommend: 0,
        replyState: 0,
        handleState: 0,
        readCount: 0,
        replyCount: 0,
        queryCode: newQueryCode(),
        plateId: plate?.id ?? null,
        plateName: plate?.name ?? null,
        forumId: plate?.forumId ?? null,
        deptId: plate?.handleDeptId ?? user.deptId,
        deptName: plate?.handleDeptName ?? user.deptName,
        creatorId: user.userId,
        creatorName: user.name,
        auditTime: now,
        createTime: now,
        updateTime: now,
      };
      const id = await insertTheme(trx, values);
      return trx.selectFrom('theme').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
    return ok(row, '新增成功');
  });
}

/** Handling several themes at once: finish, transfer, recommend. */
export function themeForumActionRoutes(ctx: ThemeContext) {
  const { app, svc, db, inputs: I } = ctx;
  const { transferBody } = staffCalls(ctx);
  app.post('/theme/examine', { config: { permission: 'theme:examine' }, schema: I.idList, attachValidation: true }, async (r) => ok(await svc.examine(currentUser(r), readIdList(r)), '办结成功'));
  app.post('/theme/examineAll', { config: { permission: 'theme:examine' }, schema: I.examineAll, attachValidation: true }, async (r) => {
    const body = bodyOf(r);
    if (body.ids !== undefined && !(Array.isArray(body.ids) && body.ids.length === 0)) return ok(await svc.examine(currentUser(r), readIdList(r)), '办结成功');
    const channel = typeof body.channel === 'string' && ['bbs', 'll', 'xax'].includes(body.channel) ? (body.channel as Channel) : undefined;
    return ok(await svc.examineAll(currentUser(r), channel), '办结成功');
  });
  app.post('/theme/transfer', { config: { permission: 'theme:transfer' }, schema: I.transfer, attachValidation: true }, async (r) => {
    const t = transferBody(r);
    return ok(await svc.transfer(currentUser(r), t.ids, t.deptId, t.remark), '转办成功');
  });
  app.post('/theme/themeRecommend', { config: { permission: 'theme:recommend' }, schema: I.recommend, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const ids = readIdList(request);
    const isRecommend = body.isRecommend === undefined || body.isRecommend === '' ? 1 : Number(body.isRecommend);
    if (isRecommend !== 0 && isRecommend !== 1) throw invalidValue('推荐的值无效，可选值：0（否）、1（是）');
    const rule = await svc.rule(currentUser(request));
    await db.transaction().execute(async (trx) => {
      const rows = await svc.load(trx, rule, ids);
      if (isRecommend === 1 && rows.some((t) => Number(t.status) !== 1 || Number(t.isShow) !== 1)) throw badState('只有已公开的主题才能推荐');
      await setThemes(trx, ids, { isRecommend });
    });
    return ok(ids.length, isRecommend ? '推荐成功' : '已取消推荐');
  });
}

/** Counts by state, and by department, plate or channel over a period (with its Excel). */
export function themeStateRoutes({ app, svc, db, decl, inputs: I }: ThemeContext) {
  const P = decl.permissions;
  app.post('/theme/queryStateThemeAll', { config: { permission: P.list }, schema: I.state, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const rule = await svc.rule(currentUser(request));
    let q = applyScope(db.selectFrom('theme').select(['status', 'replyState', 'handleState', 'isRecommend', 'isShow']), rule);
    if (typeof search.channel === 'string' && search.channel) q = q.where('channel', '=', search.channel);
    const rows = await q.execute();
    const count = (f: (r: Row) => boolean) => rows.filter(f).length;
    return ok({
      total: rows.length,
      unreviewed: count((r) => Number(r.status) === 0),
      passed: count((r) => Number(r.status) === 1),
      failed: count((r) => Number(r.status) === 2),
      pending: count((r) => Number(r.status) === 3),
      shown: count((r) => Number(r.isShow) === 1),
      replied: count((r) => Number(r.replyState) === 1),
      handled: count((r) => Number(r.handleState) === 1),
      recommended: count((r) => Number(r.isRecommend) === 1),
    });
  });
  app.post('/theme/themeCountList', { config: { permission: 'theme:count' }, schema: I.count, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const groupBy = search.groupBy === 'plate' || search.groupBy === 'channel' ? search.groupBy : 'dept';
    const { start, end } = rangeOf(search);
    const channel = typeof search.channel === 'string' && search.channel ? search.channel : null;
    return ok(await liveCounts(db, await svc.rule(currentUser(request)), { start, end, channel, groupBy }));
  });
  app.post('/theme/themeCountExcel', { config: { permission: 'theme:export' }, schema: I.count, attachValidation: true }, async (request, reply) => {
    const search = searchOf(request);
    const groupBy = search.groupBy === 'plate' || search.groupBy === 'channel' ? search.groupBy : 'dept';
    const { start, end } = rangeOf(search);
    const channel = typeof search.channel === 'string' && search.channel ? search.channel : null;
    const rows = await liveCounts(db, await svc.rule(currentUser(request)), { start, end, channel, groupBy });
    return sendWorkbook(reply, `主题统计_${formatDateTime().slice(0, 10)}.xlsx`, [{ name: '主题统计', columns: countColumns(groupBy === 'plate' ? '版块' : groupBy === 'channel' ? '渠道' : '部门'), rows: rows as unknown as Row[] }]);
  });

}
