import { inState } from '../../../../resources/behaviour.js';
import { RESULTS_PUBLIC } from '../../../../resources/survey.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { readId } from '../../../http/params.js';
import { publicSurvey, type SurveyContext } from './context.js';
import { declaredResults } from '../../../crud/responses/results.js';
import { answerRefusal, loadPublicSurvey, loadQuestions, notAllowed } from './service.js';

/** Results are public when staff switched 公开结果 on (default off) for a survey that has started (resources/survey.ts). */
export const resultsArePublic = (survey: Row) => inState(survey, RESULTS_PUBLIC);

/**
 * Public reads: one survey with its questions, and its published results (design; docs/interaction-forms.md
 * "Published results": per-question option counts and percentages, text answers never shown, only how many).
 * The lists (`/web/survey/list`, `resultList`, `top`) are the declaration's reads; answering is its public op.
 */
export function surveyPublicRoutes(ctx: SurveyContext) {
  const { app, inputs } = ctx;
  const db = app.db;
  app.post('/web/survey/find', { config: { public: true }, schema: inputs.id, attachValidation: true }, async (request) => {
    const survey = await loadPublicSurvey(db, readId(request));
    return ok({ ...publicSurvey(survey), accepting: answerRefusal(survey) === null, questions: await loadQuestions(db, survey.id) });
  });

  app.post('/web/survey/result', { config: { public: true }, schema: inputs.id, attachValidation: true }, async (request) => {
    const survey = await loadPublicSurvey(db, readId(request));
    if (!resultsArePublic(survey)) throw notAllowed('该问卷的调查结果尚未公布');
    const results = await declaredResults(db, ctx.decl, survey);
    return ok({
      survey: publicSurvey(survey),
      recordCount: results.recordCount,
      questions: (results.questions as Row[]).map((q) => ({ id: q.id, title: q.title, type: q.type, typeName: q.typeName, answered: q.answered, textCount: q.textCount, options: q.options })),
    });
  });
}
