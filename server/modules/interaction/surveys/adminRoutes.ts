import type { FastifyRequest } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { param, readId } from '../../../http/params.js';
import { asInt } from '../../../shared/routeHelpers.js';
import { formatDateTime } from '../../../util/time.js';
import type { SurveyContext } from './context.js';
import { loadQuestions, notAllowed, SURVEY_STATUS } from './service.js';

/** The site page that shows the open surveys and public results (generation/surveyPage.ts), rendered again after a change. */
const SURVEY_PAGES = ['survey'] as const;

/** Admin calls beside the generic ones (list, detail, add, dels: resources/survey.ts + server/entities/survey.ts). */
export function surveyAdminRoutes(ctx: SurveyContext) {
  const { app, decl, inputs } = ctx;
  // /survey/delete (query id): the generic delete of one survey (its questions, records and answers with it).
  app.post('/survey/delete', { config: { permission: decl.permissions.delete, republish: SURVEY_PAGES }, schema: inputs.id, attachValidation: true }, async (request) =>
    ok(await app.entities.api(currentUser(request)).delete('survey', [readId(request)]), '删除成功'),
  );
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
    // Through the local API, in one transaction that reads the status again: a concurrent transition cannot be overwritten.
    await app.entities.transaction(currentUser(request), async (api) => {
      const now = await api.findById('survey', id);
      if (Number(now?.status) !== from) throw notAllowed();
      await api.update('survey', id, { status });
    });
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
