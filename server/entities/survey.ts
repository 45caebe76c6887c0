import type { RecordData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { EntityChangeArgs, EntityContext } from '../crud/entity/types.js';
import { checkWindow } from '../modules/interaction/surveys/context.js';
import { answerSurvey } from './survey/answering.js';
import { examineSurvey, openSurvey } from './survey/transitions.js';
import { loadQuestions, notAllowed, parseQuestions, type QuestionInput, type QuestionOut } from '../modules/interaction/surveys/service.js';
import { writeChildTree } from '../crud/childTree.js';
import survey from '../../resources/survey.js';

/** The save's raw body (its `questions` are no field) and the questions checked, per operation. */
const saving = new WeakMap<EntityContext, { body: RecordData; questions: QuestionInput[] | null }>();
/** The questions as saved, for the save's answer (afterSave gets the same body object). */
const answered = new WeakMap<RecordData, QuestionOut[]>();

/** The questions of a save: required on a create; on an update only when sent, and only while nobody answered and it is not running. */
function checkSave({ operation, data, original, ctx }: EntityChangeArgs): RecordData {
  const raw = saving.get(ctx)?.body ?? {};
  const questions = operation === 'create' || raw.questions !== undefined ? parseQuestions(raw.questions) : null;
  const pick = (name: 'startTime' | 'endTime') => (data[name] === undefined ? original?.[name] : data[name]);
  checkWindow(pick('startTime'), pick('endTime'));
  if (questions && original && Number(original.recordCount) > 0) throw notAllowed('问卷已有答卷，不能修改题目');
  if (questions && original && Number(original.status) === 1) throw notAllowed('问卷进行中，请先暂停再修改题目');
  saving.set(ctx, { body: raw, questions });
  return data;
}

/** Writes the questions and options (child rows of the survey) in the save's transaction. */
async function saveQuestions({ operation, record, ctx }: { operation: 'create' | 'update'; record: RecordData; ctx: EntityContext }): Promise<void> {
  const id = Number(record.id);
  const state = saving.get(ctx);
  if (state?.questions) {
    // Re-checked inside the transaction: an answer may have arrived meanwhile.
    if (operation === 'update' && (await ctx.trx.selectFrom('survey_record').select('id').where('surveyId', '=', id).executeTakeFirst())) throw notAllowed('问卷已有答卷，不能修改题目');
    await writeChildTree(ctx.trx, survey.children![0]!, id, state.questions as unknown as RecordData[]);
  }
  if (state) answered.set(state.body, await loadQuestions(ctx.trx, id));
}

/**
 * 问卷调查 (docs/interaction-forms.md): the survey record on the generic routes with its questions → options
 * saved and answered with it (`questions` of saveInvestSurveyDto); read by the detail view and deleted with
 * it as the declaration's child collection; the transitions are its declared actions (survey/transitions.ts),
 * the citizen's answer its public operation (survey/answering.ts). The results, records and the public reads
 * stay in server/modules/interaction/surveys.
 */
export default defineBehaviour({
  name: 'survey',
  actions: { open: openSurvey, examine: examineSurvey },
  publicOps: { answer: answerSurvey },
  hooks: {
    beforeValidate: [({ data, ctx }) => void saving.set(ctx, { body: data, questions: null })],
    beforeChange: [checkSave],
    afterChange: [saveQuestions],
    afterSave: [({ body }) => ({ data: { questions: answered.get(body) ?? [] } })],
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
