import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { applyFilters } from '../../../crud/listQuery.js';
import { searchOf } from '../../../crud/routes.js';
import { getRecord, listRecords } from '../../../crud/service.js';
import { sanitizeRichText } from '../../../crud/sanitize.js';
import { validateRecord } from '../../../crud/validate.js';
import type { Db, NewRow, RowOf, RowUpdate } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, param, readId, readIds, readSize } from '../../../http/params.js';
import { admitPublicSubmission, cleanPhone, cleanText, guardPublicSubmission, newQueryCode } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { declarationOf } from '../../declarationLookup.js';
import { asInt, atRoot} from '../../../shared/routeHelpers.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { increment } from '../../../shared/counters.js';
import { wholePage } from '../../../shared/paging.js';
import { maskPersonal } from '../../../shared/mask.js';
import { createdBy } from '../../../shared/records.js';
import { ADVICE_TASK_SERVICE } from '../../../entities/advice.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { adviceInputs } from './inputs.js';

/** Status of a topic: 0 未开始, 1 征集中, 2 已结束, 3 已反馈 (docs/interaction-forms.md). */
export const ADVICE_STATUS: Record<number, string> = { 0: '未开始', 1: '征集中', 2: '已结束', 3: '已反馈' };
const notAllowed = (msg: string) => new PortalError(1005, msg);
const PUBLIC_FIELDS = ['id', 'title', 'content', 'solicitDept', 'startTime', 'endTime', 'status', 'opinionCount', 'resultContent', 'resultTime', 'stopTime'] as const;
const publicTopic = (row: RowOf<'advice'>) => Object.fromEntries(PUBLIC_FIELDS.map((k) => [k, row[k] ?? null]));

/** Opens topics whose start time has come and closes those past their end time. */
export async function runAdviceTask(db: Db, now = formatDateTime()): Promise<{ opened: number; closed: number }> {
  return db.transaction().execute(async (trx) => {
    const closed = await trx.updateTable('advice').set({ status: 2, stopTime: now, updateTime: now }).where('status', 'in', [0, 1]).where('endTime', '<', now).executeTakeFirst();
    const opened = await trx.updateTable('advice').set({ status: 1, updateTime: now }).where('status', '=', 0).where('startTime', '<=', now).where('endTime', '>=', now).executeTakeFirst();
    return { opened: Number(opened.numUpdatedRows), closed: Number(closed.numUpdatedRows) };
  });
}

/**
 * 意见征集 (spec part 1 §7 "Advice"): topics under /advice/*, the public calls under /advice/web/*.
 * `/stopAdvice` and the public `/web/list`, `/web/my/detail`, `/web/my/list` are also answered without
 * the prefix, as spec part 1 writes them.
 */
export const adviceRoutes = atRoot(async function adviceRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'advice');
  if (!decl) return;
  // The close check: a job of server/entities/advice.ts, run by the cluster scheduler with this task.
  app.entities.provide(ADVICE_TASK_SERVICE, (now: string) => runAdviceTask(app.db, now));
  const ctx: AdviceContext = { app, decl, db: app.db, input: adviceInputs(decl), load: (request, id) => getRecord(app.db, decl, currentUser(request), id) };
  adviceSaveRoute(ctx);
  adviceStaffRoutes(ctx);
  adviceExportRoute(ctx);
  advicePublicRoutes(ctx);
});

interface AdviceContext {
  app: FastifyInstance;
  decl: ResourceDecl;
  // The declaration's table is fixed (resources/advice.ts: 'advice'): the typed handle.
  db: Db;
  input: ReturnType<typeof adviceInputs>;
  load: (request: FastifyRequest, id: number) => Promise<Record<string, unknown>>;
}

const hasId = (request: FastifyRequest) => {
  const b = (request.body ?? {}) as Record<string, unknown>;
  return !!b && typeof b === 'object' && b.id !== undefined && b.id !== null && b.id !== '';
};

/** /advice/add: a new topic, or (with `id`) a change to one still open. */
function adviceSaveRoute({ app, decl, db, input, load }: AdviceContext) {
  const perm = decl.permissions;
  app.post('/advice/add', { config: { permission: (r) => (hasId(r) ? perm.update : perm.create) }, schema: input.save, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const user = currentUser(request);
    const now = formatDateTime();
    if (!hasId(request)) {
      const values = validateRecord(decl, body, 'create');
      if (String(values.startTime) >= String(values.endTime)) throw invalidValue('结束时间必须晚于开始时间');
      if (String(values.endTime) < now) throw invalidValue('结束时间不能早于当前时间');
      Object.assign(values, {
        status: String(values.startTime) <= now ? 1 : 0,
        opinionCount: 0,
        ...createdBy(user, now),
      });
      // Checked by validateRecord against the declaration.
      const row = await db.insertInto('advice').values(values as NewRow<'advice'>).returning('id').executeTakeFirstOrThrow();
      return ok(await load(request, row.id), '新增成功');
    }
    const id = asInt(body.id, 'id');
    const existing = await load(request, id);
    if (Number(existing.status) >= 2) throw notAllowed('征集已结束，不能再修改');
    const values = validateRecord(decl, body, 'update');
    const start = String(values.startTime ?? existing.startTime);
    const end = String(values.endTime ?? existing.endTime);
    if (start >= end) throw invalidValue('结束时间必须晚于开始时间');
    if (end < now) throw invalidValue('结束时间不能早于当前时间');
    values.status = start <= now ? 1 : 0;
    values.updateTime = now;
    await db.updateTable('advice').set(values as RowUpdate<'advice'>).where('id', '=', id).where('status', 'in', [0, 1]).execute();
    return ok(await load(request, id), '修改成功');
  });
}

/** The staff calls on topics: list, detail, delete, stop, result, the due check. */
function adviceStaffRoutes({ decl, db, app, input, load }: AdviceContext) {
  const perm = decl.permissions;
  app.post('/advice/list', { config: { permission: perm.list }, schema: input.list, attachValidation: true }, async (request) => ok(await listRecords(db, decl, currentUser(request), searchOf(request))));

  app.post('/advice/detail', { config: { permission: perm.get }, schema: input.id, attachValidation: true }, async (request) => {
    const topic = await load(request, readId(request));
    const opinions = await db.selectFrom('advice_opinion').selectAll().where('adviceId', '=', Number(topic.id)).orderBy('createTime', 'desc').orderBy('id', 'desc').limit(500).execute();
    // The opinions are a list of citizens: their phones masked (个人信息保护法).
    return ok({ ...topic, opinions: opinions.map((o) => maskPersonal(o)) });
  });

  app.post('/advice/dels', { config: { permission: perm.delete }, schema: input.ids, attachValidation: true }, async (request) => {
    const ids = readIds(request);
    const rule = await scopeRule(db, currentUser(request), decl);
    const n = await db.transaction().execute(async (trx) => {
      const found = await applyScope(trx.selectFrom('advice').select('id').where('id', 'in', ids), rule).execute();
      if (found.length !== ids.length) throw notFoundRecord();
      await trx.deleteFrom('advice_opinion').where('adviceId', 'in', ids).execute();
      return Number((await trx.deleteFrom('advice').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
    });
    return ok(n, '删除成功');
  });

  const stop = async (request: FastifyRequest) => {
    const id = readId(request);
    const topic = await load(request, id);
    if (Number(topic.status) >= 2) throw notAllowed('该征集已结束');
    const now = formatDateTime();
    const r = await db.updateTable('advice').set({ status: 2, stopTime: now, updateTime: now }).where('id', '=', id).where('status', 'in', [0, 1]).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw notAllowed('该征集已结束');
    return ok(await load(request, id), '已结束征集');
  };
  app.post('/advice/stopAdvice', { config: { permission: 'advice:stop' }, schema: input.id, attachValidation: true }, stop);
  app.post('/stopAdvice', { config: { permission: 'advice:stop' }, schema: input.id, attachValidation: true }, stop);

  app.post('/advice/resultReply', { config: { permission: 'advice:reply' }, schema: input.resultReply, attachValidation: true }, async (request) => {
    const id = readId(request);
    const topic = await load(request, id);
    if (Number(topic.status) < 2) throw notAllowed('请先结束征集，再反馈结果');
    const raw = param(request, 'resultContent');
    if (typeof raw !== 'string' || !raw.trim()) throw missingParam('resultContent');
    if (raw.length > 200_000) throw invalidValue('结果反馈长度不能超过200000个字符');
    const resultContent = sanitizeRichText(raw).trim();
    if (!resultContent) throw missingParam('resultContent');
    const now = formatDateTime();
    await db.updateTable('advice').set({ resultContent, resultTime: now, status: 3, updateTime: now }).where('id', '=', id).execute();
    return ok(await load(request, id), '结果已发布');
  });

  app.post('/advice/resulttask', { config: { permission: 'advice:task' }, schema: input.none, attachValidation: true }, async () => ok(await runAdviceTask(db), '检查完成'));
}

/** /advice/adviceExcel: one topic's opinions (with `id`), else the topics the search finds. */
function adviceExportRoute({ app, decl, db, input, load }: AdviceContext) {
  app.post('/advice/adviceExcel', { config: { permission: 'advice:export' }, schema: input.excel, attachValidation: true }, async (request, reply) => {
    const search = searchOf(request);
    if (search.id !== undefined && search.id !== null && search.id !== '') {
      const topic = await load(request, asInt(search.id, 'id'));
      const rows = await db.selectFrom('advice_opinion').selectAll().where('adviceId', '=', Number(topic.id)).orderBy('id').limit(100_000).execute();
      return sendWorkbook(reply, `意见征集_${String(topic.title).slice(0, 40)}.xlsx`, [
        {
          name: '意见列表',
          preamble: [['征集主题', String(topic.title)]],
          columns: [
            { header: '序号', key: 'no', width: 8 },
            { header: '姓名', key: 'name', width: 12 },
            { header: '联系电话', key: 'phone', width: 16 },
            { header: '意见内容', key: 'content', width: 60 },
            { header: '提交时间', key: 'createTime', width: 20 },
            { header: '查询码', key: 'queryCode', width: 16 },
          ],
          rows: rows.map((r, i) => ({ ...r, no: i + 1 })),
        },
      ]);
    }
    const rule = await scopeRule(db, currentUser(request), decl);
    const rows = await applyScope(applyFilters(db.selectFrom('advice').selectAll(), decl, search), rule).orderBy('createTime', 'desc').limit(10_000).execute();
    return sendWorkbook(reply, '意见征集.xlsx', [
      {
        name: '征集主题',
        columns: [
          { header: 'ID', key: 'id', map: Number, width: 8 },
          { header: '征集主题', key: 'title', width: 36 },
          { header: '征集部门', key: 'solicitDept', width: 18 },
          { header: '状态', key: 'status', map: (v) => ADVICE_STATUS[Number(v)] ?? '' },
          { header: '开始时间', key: 'startTime', width: 20 },
          { header: '结束时间', key: 'endTime', width: 20 },
          { header: '意见数', key: 'opinionCount', map: (v) => Number(v ?? 0), width: 10 },
          { header: '反馈时间', key: 'resultTime', width: 20 },
        ],
        rows,
      },
    ]);
  });

}

/** The public calls: open topics, published results, a topic, an opinion, one's own opinions. */
function advicePublicRoutes({ app, db, input }: AdviceContext) {
  for (const url of ['/advice/web/list', '/web/list']) app.post(url, { config: { public: true }, schema: input.size, attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 10, 50);
    const rows = await db.selectFrom('advice').selectAll().where('status', '=', 1).orderBy('endTime', 'asc').orderBy('id', 'desc').limit(size).execute();
    return ok(rows.map(publicTopic));
  });

  // Design (issue 24): the topics whose result staff published (已反馈), latest result first, so citizens
  // read what became of a closed consultation.
  app.post('/advice/web/resultList', { config: { public: true }, schema: input.size, attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 10, 50);
    const rows = await db.selectFrom('advice').selectAll().where('status', '=', 3).orderBy('resultTime', 'desc').orderBy('id', 'desc').limit(size).execute();
    return ok(rows.map(publicTopic));
  });

  for (const url of ['/advice/web/my/detail', '/web/my/detail']) app.post(url, { config: { public: true }, schema: input.id, attachValidation: true }, async (request) => {
    const row = await db.selectFrom('advice').selectAll().where('id', '=', readId(request)).executeTakeFirst();
    // A missing status counts as 0 (未开始).
    if (!row || (row.status ?? 0) === 0) throw notFoundRecord();
    return ok(publicTopic(row));
  });

  app.post('/advice/web/add', { config: { public: true }, schema: input.webAdd, attachValidation: true }, async (request) => {
    await admitPublicSubmission(app, request); // the flood gate before the reads below
    const body = bodyOf(request);
    const rawId = body.adviceId ?? body.id;
    if (rawId === undefined || rawId === null || rawId === '') throw missingParam('adviceId');
    const adviceId = asInt(rawId, 'adviceId');
    const content = cleanText(body.content, { label: '意见内容', max: 3000, required: true, multiline: true });
    const name = cleanText(body.name, { label: '姓名', max: 50 });
    const phone = cleanPhone(body.phone, '联系电话');
    const topic = await db.selectFrom('advice').selectAll().where('id', '=', adviceId).executeTakeFirst();
    if (!topic || (topic.status ?? 0) === 0) throw notFoundRecord();
    const now = formatDateTime();
    if (topic.status !== 1 || String(topic.endTime) < now) throw notAllowed('该主题已停止征集意见');
    await guardPublicSubmission(app, request, 'advice', { captcha: true });
    const queryCode = newQueryCode();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('advice_opinion').values({ adviceId, content, name: name || null, phone, queryCode, ip: (request.ip || '').slice(0, 64), createTime: now }).execute();
      await increment(trx, 'advice', 'opinionCount', { column: 'id', keys: adviceId });
    });
    return ok({ queryCode, createTime: now }, '提交成功，感谢您的宝贵意见');
  });

  for (const url of ['/advice/web/my/list', '/web/my/list']) app.post(url, { config: { public: true }, schema: input.own, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const queryCode = cleanText(search.queryCode, { label: '查询码', max: 32, required: true }).toUpperCase();
    const phone = cleanPhone(search.phone, '联系电话');
    await guardPublicSubmission(app, request, 'advice-query', { captcha: false });
    const list = await db
      .selectFrom('advice_opinion as o')
      .innerJoin('advice as a', 'a.id', 'o.adviceId')
      .select(['o.id as id', 'o.adviceId as adviceId', 'o.content as content', 'o.createTime as createTime', 'o.queryCode as queryCode', 'a.title as title', 'a.status as status', 'a.resultContent as resultContent', 'a.resultTime as resultTime'])
      .where('o.queryCode', '=', queryCode)
      .where('o.phone', '=', phone)
      .orderBy('o.id', 'desc')
      .execute();
    return ok(wholePage(list));
  });
}
