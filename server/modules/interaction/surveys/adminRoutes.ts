import type { FastifyRequest } from 'fastify';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { searchOf } from '../../../crud/routes.js';
import { listRecords } from '../../../crud/service.js';
import { validateRecord } from '../../../crud/validate.js';
import type { NewRow, RowUpdate } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, param, readId, readIds } from '../../../http/params.js';
import { asInt } from '../../../shared/routeHelpers.js';
import { createdBy } from '../../../shared/records.js';
import { formatDateTime } from '../../../util/time.js';
import { checkWindow, type SurveyContext } from './context.js';
import { loadQuestions, notAllowed, parseQuestions, SURVEY_STATUS, writeQuestions } from './service.js';

/** The site page that shows the open surveys and public results (generation/surveyPage.ts), rendered again after a change. */
const SURVEY_PAGES = ['survey'] as const;

const hasId = (request: FastifyRequest) => {
  const b = (request.body ?? {}) as Record<string, unknown>;
  return b && typeof b === 'object' && b.id !== undefined && b.id !== null && b.id !== '';
};

/** Admin: list, detail, save (with its questions), delete. */
export function surveyAdminRoutes(ctx: SurveyContext) {
  const { app, decl, load, inputs } = ctx;
  const perm = decl.permissions;
  const db = app.db;

  app.post('/survey/list', { config: { permission: perm.list }, schema: inputs.list, attachValidation: true }, async (request) =>
    ok(await listRecords(db, decl, currentUser(request), searchOf(request))),
  );

  app.post('/survey/detail', { config: { permission: perm.get }, schema: inputs.id, attachValidation: true }, async (request) => {
    const survey = await load(request, readId(request));
    return ok({ ...survey, questions: await loadQuestions(db, Number(survey.id)) });
  });

  app.post('/survey/add', { config: { permission: (r) => (hasId(r) ? perm.update : perm.create), republish: SURVEY_PAGES }, schema: inputs.save, attachValidation: true }, async (request) =>
    hasId(request) ? updateSurvey(ctx, request) : createSurvey(ctx, request),
  );

  const removeSurveys = async (request: FastifyRequest, ids: number[]) => {
    const rule = await scopeRule(db, currentUser(request), decl);
    return db.transaction().execute(async (trx) => {
      const found = await applyScope(trx.selectFrom('survey').select(['id', 'status', 'title']).where('id', 'in', ids), rule).execute();
      if (found.length !== ids.length) throw notFoundRecord();
      const running = found.find((s) => s.status === 1);
      if (running) throw notAllowed(`问卷「${String(running.title)}」正在进行中，请先暂停或结束后再删除`);
      for (const table of ['survey_answer', 'survey_record', 'survey_option', 'survey_question'] as const) {
        await trx.deleteFrom(table).where('surveyId', 'in', ids).execute();
      }
      const r = await trx.deleteFrom('survey').where('id', 'in', ids).executeTakeFirst();
      return Number(r.numDeletedRows);
    });
  };
  app.post('/survey/dels', { config: { permission: perm.delete, republish: SURVEY_PAGES }, schema: inputs.ids, attachValidation: true }, async (request) => ok(await removeSurveys(request, readIds(request)), '删除成功'));
  app.post('/survey/delete', { config: { permission: perm.delete, republish: SURVEY_PAGES }, schema: inputs.id, attachValidation: true }, async (request) => ok(await removeSurveys(request, [readId(request)]), '删除成功'));
}

async function createSurvey({ app, decl }: SurveyContext, request: FastifyRequest) {
  const body = bodyOf(request);
  const user = currentUser(request);
  const values = validateRecord(decl, body, 'create');
  const questions = parseQuestions(body.questions);
  checkWindow(values.startTime, values.endTime);
  Object.assign(values, { status: 0, recordCount: 0, ...createdBy(user, formatDateTime()) });
  const saved = await app.db.transaction().execute(async (tx) => {
    // Checked by validateRecord against the declaration.
    const inserted = await tx.insertInto('survey').values(values as NewRow<'survey'>).returning('id').executeTakeFirstOrThrow();
    await writeQuestions(tx, inserted.id, questions);
    return tx.selectFrom('survey').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
  });
  return ok({ ...saved, questions: await loadQuestions(app.db, saved.id) }, '新增成功');
}

async function updateSurvey({ app, decl, load }: SurveyContext, request: FastifyRequest) {
  const body = bodyOf(request);
  const id = asInt(body.id, 'id');
  const existing = await load(request, id);
  const values = validateRecord(decl, body, 'update');
  const questions = body.questions === undefined ? null : parseQuestions(body.questions);
  checkWindow(values.startTime === undefined ? existing.startTime : values.startTime, values.endTime === undefined ? existing.endTime : values.endTime);
  if (questions && Number(existing.recordCount) > 0) throw notAllowed('问卷已有答卷，不能修改题目');
  if (questions && Number(existing.status) === 1) throw notAllowed('问卷进行中，请先暂停再修改题目');
  values.updateTime = formatDateTime();
  await app.db.transaction().execute(async (tx) => {
    await tx.updateTable('survey').set(values as RowUpdate<'survey'>).where('id', '=', id).execute();
    if (questions) {
      // Re-checked inside the transaction: an answer may have arrived meanwhile.
      const n = await tx.selectFrom('survey_record').select('id').where('surveyId', '=', id).executeTakeFirst();
      if (n) throw notAllowed('问卷已有答卷，不能修改题目');
      await writeQuestions(tx, id, questions);
    }
  });
  const saved = await load(request, id);
  return ok({ ...saved, questions: await loadQuestions(app.db, id) }, '修改成功');
}

const readStatus = (request: FastifyRequest) => {
  const raw = param(request, 'status');
  if (raw === undefined || raw === null || raw === '') throw missingParam('status');
  return asInt(raw, '状态');
};

/** Transitions: open (start, resume, pause) and examine (end, back to 未开始). */
export function surveyTransitionRoutes(ctx: SurveyContext) {
  const { app, load, inputs } = ctx;
  const db = app.db;
  const setStatus = async (request: FastifyRequest, allowed: Record<number, number[]>, message: string) => {
    const id = readId(request);
    const status = readStatus(request);
    if (!(status in allowed)) throw invalidValue(message);
    const survey = await load(request, id);
    const from = Number(survey.status);
    if (!allowed[status]!.includes(from)) {
      throw notAllowed(`问卷当前状态为「${SURVEY_STATUS[from] ?? from}」，不能改为「${SURVEY_STATUS[status]}」`);
    }
    if (status === 1) {
      const questions = await loadQuestions(db, id);
      if (questions.length === 0) throw notAllowed('问卷没有题目，不能开始');
      if (survey.endTime && String(survey.endTime) < formatDateTime()) throw notAllowed('问卷结束时间已过，请先修改结束时间');
    }
    // Conditional update: a concurrent transition cannot be overwritten.
    const r = await db.updateTable('survey').set({ status, updateTime: formatDateTime() }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw notAllowed();
    return ok(await load(request, id), '操作成功');
  };
  // open: 1 = start (from 未开始) or resume (from 已暂停); 2 = pause (from 已开始).
  app.post('/survey/open', { config: { permission: 'survey:open', republish: SURVEY_PAGES }, schema: inputs.open, attachValidation: true }, (request) =>
    setStatus(request, { 1: [0, 2], 2: [1] }, '状态的值无效，可选值：1（开始/恢复）、2（暂停）'),
  );
  // examine: 3 = end (from 未开始, 已开始 or 已暂停; final); 0 = back to 未开始 from 已暂停 when nobody answered yet.
  app.post('/survey/examine', { config: { permission: 'survey:examine', republish: SURVEY_PAGES }, schema: inputs.examine, attachValidation: true }, async (request) => {
    if (readStatus(request) === 0) {
      const survey = await load(request, readId(request));
      if (Number(survey.recordCount) > 0) throw notAllowed('问卷已有答卷，不能退回未开始');
    }
    return setStatus(request, { 3: [0, 1, 2], 0: [2] }, '状态的值无效，可选值：3（结束）、0（退回未开始）');
  });
}
