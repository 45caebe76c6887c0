import { defineBehaviour } from '../crud/entity/define.js';
import type { EntityChangeArgs } from '../crud/entity/types.js';
import { answerSurvey } from './survey/answering.js';
import { examineSurvey, openSurvey } from './survey/transitions.js';
import { notAllowed } from '../modules/interaction/surveys/service.js';

/** An update sending `questions` only while nobody answered and the survey is not running (read in the save's transaction). */
function refuseQuestionChange({ data, original }: EntityChangeArgs) {
  if (!original || data.questions === undefined) return;
  if (Number(original.recordCount) > 0) throw notAllowed('问卷已有答卷，不能修改题目');
  if (Number(original.status) === 1) throw notAllowed('问卷进行中，请先暂停再修改题目');
}

/**
 * 问卷调查 (docs/interaction-forms.md): the survey record on the generic routes with its questions → options
 * (`questions` of saveInvestSurveyDto), the declaration's child collection that the generic save checks,
 * writes and answers (`form`), the detail view reads and the delete removes; the transitions are its
 * declared actions (survey/transitions.ts), the citizen's answer its public operation (survey/answering.ts).
 * The results, records and the public reads stay in server/modules/interaction/surveys.
 */
export default defineBehaviour({
  name: 'survey',
  actions: { open: openSurvey, examine: examineSurvey },
  publicOps: { answer: answerSurvey },
  hooks: {
    beforeValidate: [refuseQuestionChange],
    beforeDelete: [
      async ({ records, ctx }) => {
        const running = records.find((s) => Number(s.status) === 1);
        if (running) throw notAllowed(`问卷「${String(running.title)}」正在进行中，请先暂停或结束后再删除`);
        // The answers go here; the questions → options are the declared children (deleted after this hook).
        const ids = records.map((r) => Number(r.id));
        for (const table of ['survey_answer', 'survey_record'] as const) await ctx.trx.deleteFrom(table).where('surveyId', 'in', ids).execute();
      },
    ],
  },
});
