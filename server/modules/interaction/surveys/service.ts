import surveyDecl from '../../../../resources/survey.js';
import { readQuestions, responsesOf } from '../../../crud/responses/questions.js';
import type { Db, Row } from '../../../db/types.js';
import { notFoundRecord, PortalError } from '../../../http/errors.js';
import { formatDateTime } from '../../../util/time.js';

/** The survey's declared responses: its questions → options and the answer records (resources/survey.ts). */
export const SURVEY_RESPONSES = responsesOf(surveyDecl);

export const notAllowed = (msg = '该记录当前状态不允许此操作') => new PortalError(1005, msg);

/** The questions of a survey with their options, in order (the declared child collection). */
export const loadQuestions = (db: Db, surveyId: number): Promise<Row[]> => readQuestions(db, SURVEY_RESPONSES, surveyId);

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
