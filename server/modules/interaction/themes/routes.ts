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
import { cleanEmail, cleanPhone, cleanText, guardPublicSubmission, newQueryCode, normaliseQueryCode } from '../../../public/guard.js';
import { formatDateTime, normaliseDateTime, DATE_RE } from '../../../util/time.js';
import { badState, optionLabel, requireDecl, sendExcel } from '../forums/common.js';
import { frozenPerson, personOf } from '../people/peopleSession.js';
import { isMasked, maskPage, PERSONAL_FIELDS } from '../../../shared/mask.js';
import { revealOrMask } from '../../../shared/sensitiveView.js';
import {
  type Channel,
  likeOf,
  liveCounts,
  publicReply,
  publicTheme,
  readAuditStatus,
  readIdList,
  readRemark,
  refreshPlateCount,
  ThemeService,
} from './service.js';

const page = <T>(list: T[], pageNum: number, pageSize: number, totalRow: number) => ({ list, currPage: pageNum, totalRow, totalPage: Math.ceil(totalRow / pageSize) });

function rangeOf(search: Record<string, unknown>): { start: string | null; end: string | null } {
  const bound = (v: unknown, end: boolean) => {
    if (v === undefined || v === null || v === '') return null;
    const t = String(v).trim();
    if (end && DATE_RE.test(t)) return `${t} 23:59:59`;
    const full = normaliseDateTime(t);
    if (!full) throw invalidValue('时间格式应为YYYY-MM-DD或YYYY-MM-DD HH:mm:ss');
    return full;
  };
  return { start: bound(search.startTime, false), end: bound(search.endTime, true) };
}

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
    const total = Number(((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
    const list = await q
      .selectAll('theme_reply')
      .select(['theme.title as themeTitle', 'theme.channel'])
      .orderBy('theme_reply.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return ok(page(list, pageNum, pageSize, total));
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

  // ---- the two 网络问政 channels (ll = 领导留言, xax = 县长信箱) and the forum family share one service.
  for (const channel of ['ll', 'xax'] as const) {
    const base = `/${channel}/theme`;
    app.post(`${base}/list`, { config: { permission: P.list } }, async (r) => ok(await adminList(r, channel)));
    app.post(`${base}/get`, { config: { permission: P.get } }, (r) => adminGet(r, channel));
    app.post(`${base}/dels`, { config: { permission: P.delete } }, async (r) => ok(await svc.deleteThemes(currentUser(r), readIds(r), channel), '删除成功'));
    app.post(`${base}/update`, { config: { permission: 'theme:update' } }, (r) => updateTheme(r, channel));
    app.post(`${base}/reply/delete`, { config: { permission: 'theme:reply' } }, async (r) => ok(await svc.deleteReplies(currentUser(r), readIds(r), channel), '删除成功'));
    app.post(`${base}/reply/get`, { config: { permission: P.get } }, (r) => replyGet(r, channel));
    app.post(`${base}/reply/save`, { config: { permission: 'theme:reply' } }, (r) => replySave(r, channel));
    app.post(`${base}/replyQuery`, { config: { permission: P.list } }, (r) => replyQuery(r, channel));
    app.post(`${base}/themeTransfer`, { config: { permission: 'theme:transfer' } }, async (r) => {
      const t = transferBody(r);
      return ok(await svc.transfer(currentUser(r), t.ids, t.deptId, t.remark, channel), '转办成功');
    });
    // Audit and show in one step: { ids, status?, isShow? } (see docs/interaction-forums.md).
    app.post(`${base}/themeAuditShow`, { config: { permission: 'theme:show' } }, async (r) => {
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
    let q = applyFilters(db.selectFrom('theme'), decl, { ...search, channel: 'll' })
      .where('deptId', '=', user.deptId ?? -1)
      .where('status', '=', 1)
      .where('handleState', '=', 0);
    const total = Number(((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
    q = q.orderBy('createTime', 'desc').orderBy('id', 'desc');
    return ok(maskPage(page(await q.selectAll().limit(pageSize).offset((pageNum - 1) * pageSize).execute(), pageNum, pageSize, total)));
  });
  app.post('/ll/theme/themeAudit', { config: { permission: 'theme:audit' } }, async (r) => {
    const body = bodyOf(r);
    return ok(await svc.audit(currentUser(r), readIdList(r), readAuditStatus(body), readRemark(body), 'll'), '审核成功');
  });
  app.post('/ll/theme/themeReplyAudit', { config: { permission: 'theme:replyAudit' } }, async (r) => {
    const body = bodyOf(r);
    return ok(await svc.auditReply(currentUser(r), readIdList(r), readAuditStatus(body), readRemark(body)), '审核成功');
  });
  app.post('/ll/theme/themeExcel', { config: { permission: 'theme:export' } }, async (request, reply) => {
    const search = { ...searchOf(request), channel: 'll' };
    const rule = await svc.rule(currentUser(request));
    const rows = (await applyScope(applyFilters(db.selectFrom('theme'), decl, search), rule)
      .selectAll()
      .orderBy('createTime', 'desc')
      .limit(10000)
      .execute()) as Row[];
    return sendExcel(reply, `领导留言_${formatDateTime().slice(0, 10)}.xlsx`, '领导留言', themeColumns(), rows);
  });
  app.post('/xax/theme/themeDeptList', { config: { permission: 'theme:transfer' } }, async (request) => {
    const rule = await svc.rule(currentUser(request));
    const [theme] = await svc.load(db, rule, [readId(request)], 'xax');
    const depts = (await db.selectFrom('departments').select(['id', 'name', 'parentId']).orderBy('sort', 'asc').orderBy('id', 'asc').execute()) as Row[];
    return ok(depts.map((d) => ({ ...d, current: Number(d.id) === Number(theme!.deptId ?? 0) })));
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
  app.post('/theme/dels', { config: { permission: P.delete } }, async (r) => ok(await svc.deleteThemes(currentUser(r), readIds(r)), '删除成功'));
  const byPeople = async (request: FastifyRequest) => {
    const search = searchOf(request);
    if (search.peopleId === undefined || search.peopleId === null || search.peopleId === '') throw missingParam('peopleId');
    return ok(maskPage(await listRecords(db, decl, currentUser(request), search)));
  };
  app.post('/theme/listByPeopleId', { config: { permission: P.list } }, byPeople);
  app.post('/theme/themeListBypeopleId', { config: { permission: P.list } }, byPeople);

  // Staff post a topic on a plate: passed and shown at once.
  app.post('/theme/add', { config: { permission: P.create } }, async (request) => {
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
      return trx.selectFrom('theme').selectAll().where('id', '=', Number(inserted.id)).executeTakeFirstOrThrow();
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
    const rows = (await q.execute()) as Row[];
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
    return sendExcel(reply, `主题统计_${formatDateTime().slice(0, 10)}.xlsx`, '主题统计', countColumns(groupBy === 'plate' ? '版块' : groupBy === 'channel' ? '渠道' : '部门'), rows as unknown as Row[]);
  });

  // ---- public: forum family
  const publishedQuery = (channel?: Channel) => {
    let q = db.selectFrom('theme').where('status', '=', 1).where('isShow', '=', 1);
    if (channel) q = q.where('channel', '=', channel);
    return q;
  };
  const publicPage = async (request: FastifyRequest, channel: Channel | undefined, extra?: (q: ReturnType<typeof publishedQuery>) => ReturnType<typeof publishedQuery>, order: 'new' | 'hot' = 'new') => {
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    let q = publishedQuery(channel);
    if (typeof search.title === 'string' && search.title.trim()) q = q.where(likeOf(search.title));
    if (search.plateId !== undefined && search.plateId !== '' && search.plateId !== null) q = q.where('plateId', '=', Number(search.plateId));
    if (search.forumId !== undefined && search.forumId !== '' && search.forumId !== null) q = q.where('forumId', '=', Number(search.forumId));
    if (extra) q = extra(q);
    const total = Number(((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
    let s = q.selectAll();
    s = order === 'hot' ? s.orderBy('replyCount', 'desc').orderBy('readCount', 'desc') : s.orderBy('createTime', 'desc');
    const rows = (await s.orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute()) as Row[];
    return ok(page(rows.map(publicTheme), pageNum, pageSize, total));
  };
  const publicGet = async (request: FastifyRequest, channel: Channel | undefined, needReply = false) => {
    const id = readId(request);
    let q = publishedQuery(channel).selectAll().where('id', '=', id);
    if (needReply) q = q.where('replyState', '=', 1);
    const row = (await q.executeTakeFirst()) as Row | undefined;
    if (!row) throw notFoundRecord();
    await db.updateTable('theme').set({ readCount: Number(row.readCount ?? 0) + 1 }).where('id', '=', id).execute();
    return ok({ ...publicTheme({ ...row, readCount: Number(row.readCount ?? 0) + 1 }), replies: (await svc.replies(id, true)).map(publicReply) });
  };
  app.post('/theme/weblist', { config: { public: true } }, (r) => publicPage(r, 'bbs'));
  app.post('/theme/webget', { config: { public: true } }, (r) => publicGet(r, undefined));
  app.post('/theme/hotThemeList', { config: { public: true } }, (r) => publicPage(r, undefined, undefined, 'hot'));
  app.post('/theme/themeRecommendList', { config: { public: true } }, (r) => publicPage(r, undefined, (q) => q.where('isRecommend', '=', 1)));
  app.post('/theme/zcwdThemeList', { config: { public: true } }, (r) => publicPage(r, undefined, (q) => q.where('replyState', '=', 1)));

  /** Visitor fields of a theme, cleaned (no HTML, length limits); ll/xax need a name and a phone. */
  async function themeFields(body: Record<string, unknown>, channel: Channel): Promise<Row> {
    const contact = channel !== 'bbs';
    const isOpenRaw = body.isOpen;
    const isOpen = isOpenRaw === undefined || isOpenRaw === null || isOpenRaw === '' ? 1 : Number(isOpenRaw);
    if (isOpen !== 0 && isOpen !== 1) throw invalidValue('是否公开的值无效，可选值：0（不同意）、1（同意）');
    return {
      title: cleanText(body.title, { label: 'title', max: 100, required: true }),
      content: cleanText(body.content, { label: 'content', max: 5000, required: true, multiline: true }),
      name: cleanText(body.name, { label: contact ? 'name' : '留言人', max: 50, required: contact }),
      phone: cleanPhone(body.phone, 'phone', { required: contact }),
      email: cleanEmail(body.email, '电子邮箱', { required: false }),
      isOpen,
    };
  }
  async function plateFor(trx: typeof db, raw: unknown, required: boolean): Promise<Row | null> {
    if (raw === undefined || raw === null || raw === '') {
      if (required) throw missingParam('plateId');
      return null;
    }
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0) throw invalidValue('参数格式不正确：plateId');
    const plate = (await trx.selectFrom('plate').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!plate || Number(plate.status) !== 1) throw invalidValue('版块不存在或已停用');
    return plate;
  }

  /** A visitor's topic: guard (rate limit, captcha) first, then clean, then one insert. */
  const publicSave = async (request: FastifyRequest, channel: Channel) => {
    await guardPublicSubmission(app, request, `theme:${channel}`);
    const body = bodyOf(request);
    const person = await personOf(app, request, false);
    if (person && Number(person.state) === 1) throw frozenPerson();
    const fields = await themeFields(body, channel);
    const now = formatDateTime();
    const queryCode = newQueryCode();
    const id = await db.transaction().execute(async (trx) => {
      const plate = await plateFor(trx, body.plateId, channel === 'bbs');
      const direct = plate !== null && Number(plate.needAudit) === 0;
      const values: Row = {
        ...fields,
        channel,
        type: 0,
        status: direct ? 1 : 0,
        isShow: direct && fields.isOpen === 1 ? 1 : 0,
        isRecommend: 0,
        replyState: 0,
        handleState: 0,
        readCount: 0,
        replyCount: 0,
        queryCode,
        plateId: plate?.id ?? null,
        plateName: plate?.name ?? null,
        forumId: plate?.forumId ?? null,
        deptId: plate?.handleDeptId ?? null,
        deptName: plate?.handleDeptName ?? null,
        peopleId: person?.puPeopleId ?? null,
        ip: (request.ip || '').slice(0, 64),
        createTime: now,
        updateTime: now,
      };
      const inserted = (await trx.insertInto('theme').values(values).returning('id').executeTakeFirstOrThrow()) as { id: number };
      if (plate) await refreshPlateCount(trx, Number(plate.id));
      return Number(inserted.id);
    });
    return ok({ id, queryCode, createTime: now }, '提交成功，请牢记查询码');
  };
  app.post('/theme/webAdd', { config: { public: true } }, (r) => publicSave(r, 'bbs'));

  // ---- public: the two 网络问政 channels
  for (const channel of ['ll', 'xax'] as const) {
    const base = `/${channel}web/theme`;
    app.post(`${base}/save`, { config: { public: true } }, (r) => publicSave(r, channel));
    app.post(`${base}/list`, { config: { public: true } }, (r) => publicPage(r, channel));
    app.post(`${base}/get`, { config: { public: true } }, (r) => publicGet(r, channel));
    // The visitor finds their own theme by query code and phone, whatever its state.
    app.post(`${base}/getThemeByCodeAndTel`, { config: { public: true } }, async (request) => {
      const code = normaliseQueryCode(param(request, 'queryCode') ?? param(request, 'code'));
      const phoneRaw = param(request, 'phone') ?? param(request, 'tel');
      if (!code) throw missingParam('queryCode');
      if (phoneRaw === undefined || phoneRaw === null || phoneRaw === '') throw missingParam('phone');
      const phone = cleanPhone(phoneRaw, 'phone');
      const row = (await db.selectFrom('theme').selectAll().where('channel', '=', channel).where('queryCode', '=', code).where('phone', '=', phone).executeTakeFirst()) as
        | Row
        | undefined;
      if (!row) throw notFoundRecord();
      return ok(myTheme(row, await svc.replies(Number(row.id), true)));
    });
    app.post(`${base}/my/list`, { config: { public: true } }, async (request) => {
      const person = await personOf(app, request, true);
      const search = searchOf(request);
      const { pageNum, pageSize } = readPaging(search);
      const q = db.selectFrom('theme').where('channel', '=', channel).where('peopleId', '=', Number(person!.puPeopleId));
      const total = Number(((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
      const rows = (await q.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute()) as Row[];
      return ok(page(rows.map((r) => myTheme(r, null)), pageNum, pageSize, total));
    });
    app.post(`${base}/my/get`, { config: { public: true } }, async (request) => {
      const person = await personOf(app, request, true);
      const row = (await db
        .selectFrom('theme')
        .selectAll()
        .where('channel', '=', channel)
        .where('id', '=', readId(request))
        .where('peopleId', '=', Number(person!.puPeopleId))
        .executeTakeFirst()) as Row | undefined;
      if (!row) throw notFoundRecord();
      return ok(myTheme(row, await svc.replies(Number(row.id), true)));
    });
  }
  // 诉求 (appeals) of the ll channel: published themes that have a published reply.
  app.post('/llweb/theme/appeal/list', { config: { public: true } }, async (request) => {
    const search = searchOf(request);
    if (search.pageNumber === undefined || search.pageNumber === '') throw missingParam('pageNumber');
    if (search.pageSize === undefined || search.pageSize === '') throw missingParam('pageSize');
    const { start, end } = rangeOf(search);
    return publicPage(request, 'll', (q) => {
      let out = q.where('replyState', '=', 1);
      if (start) out = out.where('createTime', '>=', start);
      if (end) out = out.where('createTime', '<=', end);
      return out;
    });
  });
  app.post('/llweb/theme/appeal/get', { config: { public: true } }, (r) => publicGet(r, 'll', true));

  /** What the author sees of their own theme: state, handling department and published replies. */
  function myTheme(r: Row, replies: Row[] | null): Row {
    const out: Row = { ...publicTheme(r), name: r.name, phone: r.phone, queryCode: r.queryCode, status: r.status, isShow: r.isShow, transferTime: r.transferTime, auditRemark: Number(r.status) === 2 ? r.auditRemark : null };
    if (replies) out.replies = replies.map(publicReply);
    return out;
  }

  // ---- monthly counts
  function countColumns(keyLabel: string) {
    return [
      { header: keyLabel, key: 'name', width: 22 },
      { header: '主题总数', key: 'total', width: 10 },
      { header: '审核通过', key: 'passed', width: 10 },
      { header: '已回复', key: 'replied', width: 10 },
      { header: '已办结', key: 'handled', width: 10 },
      { header: '回复数', key: 'replyCount', width: 10 },
      { header: '平均回复用时（小时）', key: 'avgReplyHours', width: 20 },
    ];
  }
  const readMonth = (request: FastifyRequest, required = true): string | null => {
    const raw = param(request, 'month');
    if (raw === undefined || raw === null || raw === '') {
      if (required) throw missingParam('month');
      return null;
    }
    const month = String(raw).trim().slice(0, 7);
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw invalidValue('月份格式应为YYYY-MM');
    return month;
  };
  const monthBounds = (month: string): [string, string] => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    return [`${month}-01 00:00:00`, `${month}-${String(new Date(y, m, 0).getDate()).padStart(2, '0')} 23:59:59`];
  };
  /** Live counts of a month per channel and handling department (the snapshot's shape). */
  const monthRows = async (month: string, channel: string | null) => {
    const [start, end] = monthBounds(month);
    const out: Row[] = [];
    for (const ch of channel ? [channel] : ['bbs', 'll', 'xax']) {
      const rows = await liveCounts(db, { kind: 'all' }, { start, end, channel: ch, groupBy: 'dept' });
      for (const r of rows) out.push({ month, channel: ch, deptId: Number(r.key), deptName: r.name, total: r.total, passed: r.passed, replied: r.replied, handled: r.handled, replyCount: r.replyCount, avgReplyHours: r.avgReplyHours });
    }
    return out;
  };
  const channelOf = (request: FastifyRequest) => {
    const c = param(request, 'channel');
    if (c === undefined || c === null || c === '') return null;
    if (!['bbs', 'll', 'xax'].includes(String(c))) throw invalidValue('渠道的值无效，可选值：bbs（论坛）、ll（领导留言）、xax（县长信箱）');
    return String(c);
  };

  app.post('/themeCount/addMonthHistoryThemeCount', { config: { permission: 'theme:countEdit' } }, async (request) => {
    const month = readMonth(request, false) ?? formatDateTime(new Date(new Date().getFullYear(), new Date().getMonth() - 1, 1)).slice(0, 7);
    if (month > formatDateTime().slice(0, 7)) throw invalidValue('不能统计未来的月份');
    const rows = await monthRows(month, null);
    const now = formatDateTime();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('theme_count').where('month', '=', month).execute();
      if (rows.length) await trx.insertInto('theme_count').values(rows.map((r) => ({ ...r, createTime: now, updateTime: now }))).execute();
    });
    return ok({ month, rows: rows.length }, '统计成功');
  });
  app.post('/themeCount/list', { config: { permission: 'theme:count' } }, async (request) => {
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    let q = db.selectFrom('theme_count');
    const month = readMonth(request, false);
    if (month) q = q.where('month', '=', month);
    const channel = channelOf(request);
    if (channel) q = q.where('channel', '=', channel);
    const total = Number(((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
    const list = await q.selectAll().orderBy('month', 'desc').orderBy('total', 'desc').orderBy('id', 'asc').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
    return ok(page(list, pageNum, pageSize, total));
  });
  const countGet = async (request: FastifyRequest) => {
    const row = await db.selectFrom('theme_count').selectAll().where('id', '=', readId(request)).executeTakeFirst();
    if (!row) throw notFoundRecord();
    return ok(row);
  };
  app.post('/themeCount/get', { config: { permission: 'theme:count' } }, countGet);
  app.post('/admin/themeCount/get', { config: { permission: 'theme:count' } }, countGet);
  app.post('/themeCount/listByMonth', { config: { permission: 'theme:count' } }, async (request) => ok(await monthRows(readMonth(request) as string, channelOf(request))));
  const storedMonth = async (request: FastifyRequest) => {
    const month = readMonth(request) as string;
    let q = db.selectFrom('theme_count').selectAll().where('month', '=', month);
    const channel = channelOf(request);
    if (channel) q = q.where('channel', '=', channel);
    return (await q.orderBy('channel', 'asc').orderBy('total', 'desc').orderBy('id', 'asc').execute()) as Row[];
  };
  app.post('/admin/themeCount/listByMonth', { config: { permission: 'theme:count' } }, async (request) => ok(await storedMonth(request)));
  app.post('/admin/themeCount/listByMonthExcel', { config: { permission: 'theme:export' } }, async (request, reply) => {
    const rows = await storedMonth(request);
    const label = optionLabel(decl, 'channel');
    return sendExcel(reply, `主题月度统计_${String(param(request, 'month')).slice(0, 7)}.xlsx`, '月度统计', [
      { header: '月份', key: 'month', width: 10 },
      { header: '渠道', key: 'channel', map: label, width: 10 },
      ...countColumns('部门'),
      { header: '备注', key: 'remark', width: 30 },
    ], rows);
  });
  // Correct a snapshot row (figures and remark) — e.g. after a theme was wrongly counted.
  app.post('/admin/themeCount/edit', { config: { permission: 'theme:countEdit' } }, async (request) => {
    const body = bodyOf(request);
    const id = readId(request);
    const values: Row = {};
    for (const f of ['total', 'passed', 'replied', 'handled', 'replyCount'] as const) {
      if (body[f] === undefined) continue;
      const n = Number(body[f]);
      if (!Number.isInteger(n) || n < 0 || n > 10_000_000 || body[f] === '' || body[f] === null) throw invalidValue(`${f}必须是非负整数`);
      values[f] = n;
    }
    if (body.remark !== undefined) values.remark = cleanText(body.remark, { label: '备注', max: 200 });
    const row = await db.transaction().execute(async (trx) => {
      const existing = (await trx.selectFrom('theme_count').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
      if (!existing) throw notFoundRecord();
      const merged = { ...existing, ...values };
      if (Number(merged.passed) > Number(merged.total) || Number(merged.replied) > Number(merged.total) || Number(merged.handled) > Number(merged.total)) {
        throw invalidValue('通过、回复、办结数不能大于主题总数');
      }
      values.updateTime = formatDateTime();
      await trx.updateTable('theme_count').set(values).where('id', '=', id).execute();
      return trx.selectFrom('theme_count').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
    return ok(row, '修改成功');
  });
}
