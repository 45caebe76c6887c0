import type { FastifyRequest } from 'fastify';
import type { ThemeContext } from './context.js';
import { applyScope } from '../../../auth/dataScope.js';
import { searchOf } from '../../../crud/routes.js';
import { readPaging } from '../../../crud/listQuery.js';
import { listRecords } from '../../../crud/service.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, param, readId } from '../../../http/params.js';
import { cleanEmail, cleanPhone, cleanText } from '../../../public/guard.js';
import { paginate } from '../../../shared/paging.js';
import { isMasked, maskPage, PERSONAL_FIELDS } from '../../../shared/mask.js';
import { revealOrMask } from '../../../shared/sensitiveView.js';
import { setThemes } from '../../../entities/theme.js';
import {
  type Channel,
  readIdList,
  readRemark,
  } from './service.js';

/** The staff calls the channel and forum routes share (list, get, edit, transfer, replies), over one service. */
export function staffCalls({ decl, svc, db }: ThemeContext) {
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
      await setThemes(trx, [id], values);
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

  return { adminList, adminGet, updateTheme, transferBody, replyQuery, replyGet, replySave };
}
