import surveyDecl from '../../../resources/survey.js';
import { declaredResults } from '../../crud/responses/results.js';
import type { Row } from '../../db/types.js';
import { resultsArePublic } from '../interaction/surveys/publicRoutes.js';
import { answerRefusal, loadQuestions } from '../interaction/surveys/service.js';
import { registerSitePage } from './pages.js';

/** As many as the page's select offers (/web/survey/list and /web/survey/resultList with pageSize 50). */
const MAX_SURVEYS = 50;

/**
 * 在线调查 written at generation time (issue 24: the page no longer grows after load): the open surveys
 * with their questions (the first shown, the others behind the select) and the surveys whose results
 * staff made public, with the counts as they stood. The survey routes name `republish: ['survey']`
 * (start, pause, end, edit, delete); js/survey.js sends the answers and refreshes the shown counts.
 */
registerSitePage({
  name: 'survey',
  vars: async (gen) => {
    const open = await gen.db.selectFrom('survey').selectAll().where('status', '=', 1).orderBy('createTime', 'desc').orderBy('id', 'desc').limit(MAX_SURVEYS).execute();
    const surveys: Row[] = [];
    for (const s of open) {
      surveys.push({ id: s.id, title: s.title, description: s.description, accepting: answerRefusal(s) === null, questions: await loadQuestions(gen.db, s.id) });
    }
    const published = await gen.db
      .selectFrom('survey')
      .selectAll()
      .where('publicResult', '=', 1)
      .where('status', 'in', [1, 2, 3])
      .orderBy('updateTime', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_SURVEYS)
      .execute();
    const results: Row[] = [];
    for (const s of published.filter(resultsArePublic)) {
      const r = await declaredResults(gen.db, surveyDecl, s);
      results.push({ id: s.id, title: s.title, recordCount: r.recordCount, questions: r.questions });
    }
    return { surveys, surveyResults: results };
  },
});
