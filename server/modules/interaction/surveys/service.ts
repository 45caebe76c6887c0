import survey from '../../../../resources/survey.js';
import { readChildTree } from '../../../crud/childTree.js';
import { dynamic, type Db, type Row } from '../../../db/types.js';
import { notFoundRecord, PortalError } from '../../../http/errors.js';
import { formatDateTime } from '../../../util/time.js';

/** The questions → options child collection (resources/survey.ts). */
const QUESTIONS = survey.children![0]!;

export const notAllowed = (msg = '该记录当前状态不允许此操作') => new PortalError(1005, msg);

export interface QuestionOut {
  id: number;
  surveyId: number;
  title: string;
  type: number;
  typeName: string;
  required: number;
  sort: number;
  options: { id: number; questionId: number; content: string; sort: number }[];
}

/** The questions of a survey with their options, in order (the declared child collection). */
export async function loadQuestions(db: Db, surveyId: number): Promise<QuestionOut[]> {
  return (await readChildTree(dynamic(db), QUESTIONS, [surveyId])) as unknown as QuestionOut[];
}

/** One record's answer to a question: the options chosen (ids as stored, contents in the question's order) and its text. */
export function answerTo(q: QuestionOut, answers: readonly Row[]) {
  const mine = answers.filter((a) => Number(a.questionId) === q.id);
  const optionIds = mine.flatMap((a) => (a.optionId === null ? [] : [Number(a.optionId)]));
  const text = mine.find((a) => a.optionId === null)?.content;
  return { optionIds, optionContents: q.options.filter((o) => optionIds.includes(o.id)).map((o) => o.content), text: text === undefined ? null : String(text) };
}

/** A survey as the public reads it: a survey nobody started is not public yet (a missing status counts as 0), 1003. */
export async function loadPublicSurvey(db: Db, id: number) {
  const survey = await db.selectFrom('survey').selectAll().where('id', '=', id).executeTakeFirst();
  if (!survey || (survey.status ?? 0) === 0) throw notFoundRecord();
  return survey;
}

/** Answers are accepted only while the survey is started and inside its time window. */
export function answerRefusal(survey: Row, now = formatDateTime()): string | null {
  const status = Number(survey.status);
  if (status === 0) return '问卷尚未开始';
  if (status === 2) return '问卷已暂停，暂不接受答卷';
  if (status === 3) return '问卷已结束';
  if (survey.startTime && String(survey.startTime) > now) return '问卷尚未开始';
  if (survey.endTime && String(survey.endTime) < now) return '问卷已结束';
  return null;
}

export interface OptionResult {
  id: number;
  content: string;
  count: number;
  /** Share of the records that answered the question, in percent with 2 decimals. */
  percent: number;
}
export interface QuestionResult {
  id: number;
  title: string;
  type: number;
  typeName: string;
  required: number;
  /** Records that answered this question. */
  answered: number;
  options: OptionResult[];
  /** Text questions: number of text answers (read them with /survey/text). */
  textCount: number;
}

const pct = (n: number, of: number) => (of > 0 ? Math.round((n * 10000) / of) / 100 : 0);

/** Results per question: option counts and percentages, and the number of text answers. */
export async function surveyResults(db: Db, survey: Row): Promise<{ survey: Row; recordCount: number; questions: QuestionResult[] }> {
  const surveyId = Number(survey.id);
  const questions = await loadQuestions(db, surveyId);
  const optionCounts = (await db
    .selectFrom('survey_answer')
    .select(['optionId', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('surveyId', '=', surveyId)
    .where('optionId', 'is not', null)
    .groupBy('optionId')
    .execute()) as { optionId: number; n: number | string }[];
  const answeredRows = (await db
    .selectFrom('survey_answer')
    .select(['questionId', (eb) => eb.fn.count<number | string>('recordId').distinct().as('n')])
    .where('surveyId', '=', surveyId)
    .groupBy('questionId')
    .execute()) as { questionId: number; n: number | string }[];
  const textRows = (await db
    .selectFrom('survey_answer')
    .select(['questionId', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('surveyId', '=', surveyId)
    .where('optionId', 'is', null)
    .groupBy('questionId')
    .execute()) as { questionId: number; n: number | string }[];
  const countOf = (optionId: number) => Number(optionCounts.find((r) => r.optionId === optionId)?.n ?? 0);
  const recordRow = (await db
    .selectFrom('survey_record')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('surveyId', '=', surveyId)
    .executeTakeFirst()) as { n: number | string } | undefined;
  return {
    survey,
    recordCount: Number(recordRow?.n ?? 0),
    questions: questions.map((q) => {
      const answered = Number(answeredRows.find((r) => r.questionId === q.id)?.n ?? 0);
      return {
        id: q.id,
        title: q.title,
        type: q.type,
        typeName: q.typeName,
        required: q.required,
        answered,
        textCount: Number(textRows.find((r) => r.questionId === q.id)?.n ?? 0),
        options: q.options.map((o) => {
          const count = countOf(o.id);
          return { id: o.id, content: o.content, count, percent: pct(count, answered) };
        }),
      };
    }),
  };
}
