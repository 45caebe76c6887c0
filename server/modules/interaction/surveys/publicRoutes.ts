import { applyFilters, readPaging } from '../../../crud/listQuery.js';
import { searchOf } from '../../../crud/routes.js';
import { ok } from '../../../http/envelope.js';
import { readId, readSize } from '../../../http/params.js';
import { pageOf } from '../../../shared/paging.js';
import { publicSurvey, type SurveyContext } from './context.js';
import { publicResultRoutes } from './publicResults.js';
import { answerRefusal, loadPublicSurvey, loadQuestions } from './service.js';

/** Public reads: one survey with its questions, the running surveys, the newest ones (answering is the declared public op). */
export function surveyPublicRoutes(ctx: SurveyContext) {
  const { app, decl, inputs } = ctx;
  const db = app.db;
  app.post('/web/survey/find', { config: { public: true }, schema: inputs.id, attachValidation: true }, async (request) => {
    const survey = await loadPublicSurvey(db, readId(request));
    return ok({ ...publicSurvey(survey), accepting: answerRefusal(survey) === null, questions: await loadQuestions(db, survey.id) });
  });

  publicResultRoutes(app, publicSurvey);

  app.post('/web/survey/list', { config: { public: true }, schema: inputs.webList, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    let q = db.selectFrom('survey').where('status', '=', 1);
    if (typeof search.title === 'string' && search.title.trim()) {
      q = applyFilters(q, { ...decl, list: { ...decl.list, filters: [{ field: 'title', op: 'like' }] } }, { title: search.title });
    }
    const total = Number((await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
    const list = (await q.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute()).map(publicSurvey);
    return ok(pageOf(list, { pageNum, pageSize }, total));
  });

  app.post('/web/survey/top', { config: { public: true }, schema: inputs.top, attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 5, 50, true);
    const list = (await db.selectFrom('survey').selectAll().where('status', '=', 1).orderBy('createTime', 'desc').orderBy('id', 'desc').limit(size).execute()).map(publicSurvey);
    return ok(list);
  });
}
