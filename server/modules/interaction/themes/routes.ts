import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyScope } from '../../../auth/dataScope.js';
import { searchOf } from '../../../crud/routes.js';
import { applyFilters, readPaging } from '../../../crud/listQuery.js';
import { listRecords } from '../../../crud/service.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, param, readId, readIds } from '../../../http/params.js';
import { cleanEmail, cleanPhone, cleanText, newQueryCode } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { badState, optionLabel, requireDecl } from '../../../shared/records.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { paginate } from '../../../shared/paging.js';
import { themeCountRoutes } from './countRoutes.js';
import { countColumns, FORUM_PAGES, plateFor, rangeOf, themeFields } from './helpers.js';
import { themePublicRoutes } from './publicRoutes.js';
import { isMasked, maskPage, PERSONAL_FIELDS } from '../../../shared/mask.js';
import { revealOrMask } from '../../../shared/sensitiveView.js';
import {
  type Channel,
  liveCounts,
  readAuditStatus,
  readIdList,
  readRemark,
  refreshPlateCount,
  ThemeService,
} from './service.js';

/** /theme/*, /ll/theme/*, /xax/theme/*, /llweb/theme/*, /xaxweb/theme/*, /themeCount/*, /admin/themeCount/*. */
export async function themeRoutes(app: FastifyInstance) {
  const decl = requireDecl(app, 'theme');
  const svc = new ThemeService(app, decl);
  const db = app.db;
  const P = decl.permissions;

  /** The admin list of a channel (or all), with the declared filters and the caller's scope. */
  const adminList = async (request: FastifyRequest, channel?: Channel) => {
    const search = searchOf(request);
    if (channel) search.channel = channel;
    return maskPage(await listRecords(db, decl, currentUser(request), search));
  };
  const adminGet = async (request: FastifyRequest, channel?: Channel) => {
    const rule = await svc.rule(currentUser(request));
    const [row] = await svc.load(db, rule, [readId(request)], channel);
    // The poster's phone in full only for 查看敏感信息 (logged).
    const shown = await revealOrMask(db, request, row!, PERSONAL_FIELDS, `论坛主题 ${String(row!.queryCode ?? row!.id)}`);
    return ok({ ...shown, replies: await svc.replies(Number(row!.id), false) });
  };

  /** Staff edits of a theme (title, content, contact, consent); the state stays. */
  const updateTheme = async (request: FastifyRequest, channel?: Channel) => {
    const body = bodyOf(request);
    const id = Number(body.id);
    if (body.id === undefined || body.id === null || body.id === '') throw missingParam('id');
    if (!Number.isSafeInteger(id) || id <= 0) throw notFoundRecord();
    const rule = await svc.rule(currentUser(request));
    const values: Row = {};
    if (body.title !== undefined) values.title = cleanText(body.title, { label: '标题', max: 100, required: true });
    if (body.content !== undefined) values.content = cleanText(body.content, { label: '内容', max: 5000, required: true, multiline: true });
    if (body.name !== undefined) values.name = cleanText(body.name, { label: '留言人', max: 50 });
    if (body.phone !== undefined && !isMasked(body.phone)) values.phone = cleanPhone(body.phone, '联系电话', { required: false });
    if (body.email !== undefined) values.email = cleanEmail(body.email, '电子邮箱', { required: false });
    if (body.isOpen !== undefined) {
      if (![0, 1].includes(Number(body.isOpen)) || body.isOpen === '') throw invalidValue('留言人同意公开的值无效，可选值：0（不同意）、1（同意）');
      values.isOpen = Number(body.isOpen);
    }
    return db.transaction().execute(async (trx) => {
      const [row] = await svc.load(trx, rule, [id], channel);
      if (values.isOpen === 0 && Number(row!.isShow) === 1) values.isShow = 0;
      values.updateTime = formatDateTime();
      await trx.updateTable('theme').set(values).where('id', '=', id).execute();
      return ok(await trx.selectFrom('theme').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), '修改成功');
    });
  };

  const transferBody = (request: FastifyRequest) => {
    const body = bodyOf(request);
    const deptRaw = body.deptId ?? param(request, 'deptId');
    if (deptRaw === undefined || deptRaw === null || deptRaw === '') throw missingParam('deptId');
    const deptId = Number(deptRaw);
    if (!Number.isSafeInteger(deptId) || deptId <= 0) throw invalidValue('参数格式不正确：deptId');
    return { ids: readIdList(request), deptId, remark: readRemark(body) };
  };

  const replyQuery = async (request: FastifyRequest, channel?: Channel) => {
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    const rule = await svc.rule(currentUser(request));
    let q = applyScope(db.selectFrom('theme_reply').innerJoin('theme', 'theme.id', 'theme_reply.themeId'), rule);
    if (channel) q = q.where('theme.channel', '=', channel);
    if (search.themeId !== undefined && search.themeId !== '') q = q.where('theme_reply.themeId', '=', Number(search.themeId));
    if (search.status !== undefined && search.status !== '') q = q.where('theme_reply.status', '=', Number(search.status));
    return ok(await paginate(q, { pageNum, pageSize }, (s) => s.selectAll('theme_reply').select(['theme.title as themeTitle', 'theme.channel']).orderBy('theme_reply.id', 'desc')));
  };
  const replyGet = async (request: FastifyRequest, channel?: Channel) => {
    const rule = await svc.rule(currentUser(request));
    const [reply] = await svc.loadReplies(db, rule, [readId(request)], channel);
    return ok(reply);
  };
  const replySave = async (request: FastifyRequest, channel?: Channel) => {
    const body = bodyOf(request);
    const content = cleanText(body.content, { label: 'content', max: 5000, required: true, multiline: true });
    return ok(await svc.saveReply(currentUser(request), body, content, channel), '保存成功');
  };

  // The public forum pages show passed, shown bbs topics and their published replies (generation/forumPages.ts).
  // ---- the two 网络问政 channels (ll = 领导留言, xax = 县长信箱) and the forum family share one service.
  for (const channel of ['ll', 'xax'] as const) {
    const base = `/${channel}/theme`;
    app.post(`${base}/list`, { config: { permission: P.list } }, async (r) => ok(await adminList(r, channel)));
    app.post(`${base}/get`, { config: { permission: P.get } }, (r) => adminGet(r, channel));
    app.post(`${base}/dels`, { config: { permission: P.delete, republish: FORUM_PAGES } }, async (r) => ok(await svc.deleteThemes(currentUser(r), readIds(r), channel), '删除成功'));
    app.post(`${base}/update`, { config: { permission: 'theme:update', republish: FORUM_PAGES } }, (r) => updateTheme(r, channel));
    app.post(`${base}/reply/delete`, { config: { permission: 'theme:reply', republish: FORUM_PAGES } }, async (r) => ok(await svc.deleteReplies(currentUser(r), readIds(r), channel), '删除成功'));
    app.post(`${base}/reply/get`, { config: { permission: P.get } }, (r) => replyGet(r, channel));
    app.post(`${base}/reply/save`, { config: { permission: 'theme:reply' } }, (r) => replySave(r, channel));
    app.post(`${base}/replyQuery`, { config: { permission: P.list } }, (r) => replyQuery(r, channel));
    app.post(`${base}/themeTransfer`, { config: { permission: 'theme:transfer' } }, async (r) => {
      const t = transferBody(r);
      return ok(await svc.transfer(currentUser(r), t.ids, t.deptId, t.remark, channel), '转办成功');
    });
    // Audit and show in one step: { ids, status?, isShow? } (see docs/interaction-forums.md).
    app.post(`${base}/themeAuditShow`, { config: { permission: 'theme:show', republish: FORUM_PAGES } }, async (r) => {
      const body = bodyOf(r);
      const ids = readIdList(r);
      const user = currentUser(r);
      if (body.status !== undefined && body.status !== null && body.status !== '') {
        const status = readAuditStatus(body);
        if (!user.permissions.has('theme:audit')) throw badState('没有审核权限');
        await svc.audit(user, ids, status, readRemark(body), channel);
        if (status !== 1) return ok(ids.length, '审核成功');
      }
      const isShow = body.isShow === undefined || body.isShow === null || body.isShow === '' ? 1 : Number(body.isShow);
      return ok(await svc.show(user, ids, isShow, channel), isShow === 1 ? '已公开' : '已隐藏');
    });
  }
  app.post('/ll/theme/qnsqlist', { config: { permission: P.list } }, async (request) => {
    // The department's to-do list: passed ll themes handed to the caller's own department, not finished.
    const user = currentUser(request);
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    const q = applyFilters(db.selectFrom('theme'), decl, { ...search, channel: 'll' })
      .where('deptId', '=', user.deptId ?? -1)
      .where('status', '=', 1)
      .where('handleState', '=', 0);
    return ok(maskPage(await paginate(q, { pageNum, pageSize }, (s) => s.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc'))));
  });
  app.post('/ll/theme/themeAudit', { config: { permission: 'theme:audit', republish: FORUM_PAGES } }, async (r) => {
    const body = bodyOf(r);
    return ok(await svc.audit(currentUser(r), readIdList(r), readAuditStatus(body), readRemark(body), 'll'), '审核成功');
  });
  app.post('/ll/theme/themeReplyAudit', { config: { permission: 'theme:replyAudit', republish: FORUM_PAGES } }, async (r) => {
    const body = bodyOf(r);
    return ok(await svc.auditReply(currentUser(r), readIdList(r), readAuditStatus(body), readRemark(body)), '审核成功');
  });
  app.post('/ll/theme/themeExcel', { config: { permission: 'theme:export' } }, async (request, reply) => {
    const search = { ...searchOf(request), channel: 'll' };
    const rule = await svc.rule(currentUser(request));
    const rows = await applyScope(applyFilters(db.selectFrom('theme'), decl, search), rule)
      .selectAll()
      .orderBy('createTime', 'desc')
      .limit(10000)
      .execute();
    return sendWorkbook(reply, `领导留言_${formatDateTime().slice(0, 10)}.xlsx`, [{ name: '领导留言', columns: themeColumns(), rows: rows }]);
  });
  app.post('/xax/theme/themeDeptList', { config: { permission: 'theme:transfer' } }, async (request) => {
    const rule = await svc.rule(currentUser(request));
    const [theme] = await svc.load(db, rule, [readId(request)], 'xax');
    const depts = await db.selectFrom('departments').select(['id', 'name', 'parentId']).orderBy('sort', 'asc').orderBy('id', 'asc').execute();
    return ok(depts.map((d) => ({ ...d, current: d.id === Number(theme!.deptId ?? 0) })));
  });

  function themeColumns() {
    const label = (f: string) => optionLabel(decl, f);
    return [
      { header: '查询码', key: 'queryCode', width: 16 },
      { header: '标题', key: 'title', width: 36 },
      { header: '留言人', key: 'name', width: 12 },
      { header: '联系电话', key: 'phone', width: 16 },
      { header: '渠道', key: 'channel', map: label('channel'), width: 10 },
      { header: '版块', key: 'plateName', width: 16 },
      { header: '审核状态', key: 'status', map: label('status'), width: 12 },
      { header: '回复状态', key: 'replyState', map: label('replyState'), width: 10 },
      { header: '办理状态', key: 'handleState', map: label('handleState'), width: 10 },
      { header: '办理部门', key: 'deptName', width: 18 },
      { header: '收到时间', key: 'createTime', width: 20 },
      { header: '首次回复时间', key: 'firstReplyTime', width: 20 },
    ];
  }

  // ---- /theme/* (the forum family, all channels for staff)
  app.post('/theme/list', { config: { permission: P.list } }, async (r) => ok(await adminList(r)));
  app.post('/theme/get', { config: { permission: P.get } }, (r) => adminGet(r));
  app.post('/theme/dels', { config: { permission: P.delete, republish: FORUM_PAGES } }, async (r) => ok(await svc.deleteThemes(currentUser(r), readIds(r)), '删除成功'));
  const byPeople = async (request: FastifyRequest) => {
    const search = searchOf(request);
    if (search.peopleId === undefined || search.peopleId === null || search.peopleId === '') throw missingParam('peopleId');
    return ok(maskPage(await listRecords(db, decl, currentUser(request), search)));
  };
  app.post('/theme/listByPeopleId', { config: { permission: P.list } }, byPeople);
  app.post('/theme/themeListBypeopleId', { config: { permission: P.list } }, byPeople);

  // Staff post a topic on a plate: passed and shown at once.
  app.post('/theme/add', { config: { permission: P.create, republish: FORUM_PAGES } }, async (request) => {
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
      const inserted = (await trx.insertInto('theme').values(values).returning('id').executeTakeFirstOrThrow()) as { id: number };
      if (plate) await refreshPlateCount(trx, Number(plate.id));
      return trx.selectFrom('theme').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
    });
    return ok(row, '新增成功');
  });
  app.post('/theme/examine', { config: { permission: 'theme:examine' } }, async (r) => ok(await svc.examine(currentUser(r), readIdList(r)), '办结成功'));
  app.post('/theme/examineAll', { config: { permission: 'theme:examine' } }, async (r) => {
    const body = bodyOf(r);
    if (body.ids !== undefined && !(Array.isArray(body.ids) && body.ids.length === 0)) return ok(await svc.examine(currentUser(r), readIdList(r)), '办结成功');
    const channel = typeof body.channel === 'string' && ['bbs', 'll', 'xax'].includes(body.channel) ? (body.channel as Channel) : undefined;
    return ok(await svc.examineAll(currentUser(r), channel), '办结成功');
  });
  app.post('/theme/transfer', { config: { permission: 'theme:transfer' } }, async (r) => {
    const t = transferBody(r);
    return ok(await svc.transfer(currentUser(r), t.ids, t.deptId, t.remark), '转办成功');
  });
  app.post('/theme/themeRecommend', { config: { permission: 'theme:recommend' } }, async (request) => {
    const body = bodyOf(request);
    const ids = readIdList(request);
    const isRecommend = body.isRecommend === undefined || body.isRecommend === '' ? 1 : Number(body.isRecommend);
    if (isRecommend !== 0 && isRecommend !== 1) throw invalidValue('推荐的值无效，可选值：0（否）、1（是）');
    const rule = await svc.rule(currentUser(request));
    await db.transaction().execute(async (trx) => {
      const rows = await svc.load(trx, rule, ids);
      if (isRecommend === 1 && rows.some((t) => Number(t.status) !== 1 || Number(t.isShow) !== 1)) throw badState('只有已公开的主题才能推荐');
      await trx.updateTable('theme').set({ isRecommend, updateTime: formatDateTime() }).where('id', 'in', ids).execute();
    });
    return ok(ids.length, isRecommend ? '推荐成功' : '已取消推荐');
  });
  app.post('/theme/queryStateThemeAll', { config: { permission: P.list } }, async (request) => {
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
  app.post('/theme/themeCountList', { config: { permission: 'theme:count' } }, async (request) => {
    const search = searchOf(request);
    const groupBy = search.groupBy === 'plate' || search.groupBy === 'channel' ? search.groupBy : 'dept';
    const { start, end } = rangeOf(search);
    const channel = typeof search.channel === 'string' && search.channel ? search.channel : null;
    return ok(await liveCounts(db, await svc.rule(currentUser(request)), { start, end, channel, groupBy }));
  });
  app.post('/theme/themeCountExcel', { config: { permission: 'theme:export' } }, async (request, reply) => {
    const search = searchOf(request);
    const groupBy = search.groupBy === 'plate' || search.groupBy === 'channel' ? search.groupBy : 'dept';
    const { start, end } = rangeOf(search);
    const channel = typeof search.channel === 'string' && search.channel ? search.channel : null;
    const rows = await liveCounts(db, await svc.rule(currentUser(request)), { start, end, channel, groupBy });
    return sendWorkbook(reply, `主题统计_${formatDateTime().slice(0, 10)}.xlsx`, [{ name: '主题统计', columns: countColumns(groupBy === 'plate' ? '版块' : groupBy === 'channel' ? '渠道' : '部门'), rows: rows as unknown as Row[] }]);
  });

  themePublicRoutes({ app, decl, svc, db });
  themeCountRoutes({ app, decl, svc, db });
}

