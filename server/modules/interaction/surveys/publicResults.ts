import type { FastifyInstance } from 'fastify';
import { searchOf } from '../../../crud/routes.js';
import { readPaging } from '../../../crud/listQuery.js';
import type { Row, RowOf } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { readId } from '../../../http/params.js';
import { describeInput, ID, PAGING } from '../../../http/routeInput.js';
import { loadPublicSurvey, notAllowed, surveyResults } from './service.js';
import { pageOf } from '../../../shared/paging.js';

/**
 * Results are public when staff switched 公开结果 on (`publicResult` 1; default off) for a survey that
 * has started (status 1 已开始, 2 已暂停, 3 已结束); otherwise they stay internal.
 */
const PUBLIC_STATUSES = [1, 2, 3];
export const resultsArePublic = (survey: Row) => Number(survey.publicResult) === 1 && PUBLIC_STATUSES.includes(Number(survey.status));

/**
 * Published results for citizens (design; docs/interaction-forms.md "Published results"):
 * `/web/survey/resultList` lists the surveys whose results are public, `/web/survey/result` answers per-question option
 * counts and percentages. Text answers are never shown, only how many there are.
 */
export function publicResultRoutes(app: FastifyInstance, publicSurvey: (row: RowOf<'survey'>) => Record<string, unknown>) {
  const db = app.db;

  app.post('/web/survey/resultList', { config: { public: true }, schema: describeInput({ either: PAGING }), attachValidation: true }, async (request) => {
    const { pageNum, pageSize } = readPaging(searchOf(request));
    const q = db.selectFrom('survey').where('publicResult', '=', 1).where('status', 'in', PUBLIC_STATUSES);
    const total = Number((await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q.selectAll().orderBy('updateTime', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
    return ok(pageOf(rows.map(publicSurvey), { pageNum, pageSize }, total));
  });

  app.post('/web/survey/result', { config: { public: true }, schema: describeInput({ either: { id: ID } }), attachValidation: true }, async (request) => {
    const survey = await loadPublicSurvey(db, readId(request));
    if (!resultsArePublic(survey)) throw notAllowed('该问卷的调查结果尚未公布');
    const results = await surveyResults(db, survey);
    return ok({
      survey: publicSurvey(survey),
      recordCount: results.recordCount,
      questions: results.questions.map((q) => ({ id: q.id, title: q.title, type: q.type, typeName: q.typeName, answered: q.answered, textCount: q.textCount, options: q.options })),
    });
  });
}
