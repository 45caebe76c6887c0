import type { RecordData } from '../../../resources/behaviour.js';
import type { PublicOpRun } from '../../crud/entity/types.js';
import type { Db, NewRow } from '../../db/types.js';
import { invalidValue, missingParam } from '../../http/errors.js';
import { cleanPhone, cleanText } from '../../public/guard.js';
import { increment } from '../../shared/counters.js';
import { asInt, asObject } from '../../shared/routeHelpers.js';
import { formatDateTime } from '../../util/time.js';
import { answerRefusal, loadPublicSurvey, loadQuestions, notAllowed } from '../../modules/interaction/surveys/service.js';

/** At most this many answer records per survey from one IP address (offices share addresses behind NAT). */
const MAX_RECORDS_PER_IP = Number(process.env.SURVEY_MAX_PER_IP) > 0 ? Number(process.env.SURVEY_MAX_PER_IP) : 50;
const VISITOR_TOKEN_RE = /^[A-Za-z0-9_-]{16,64}$/;

type Questions = Awaited<ReturnType<typeof loadQuestions>>;
export type Given = Map<number, { optionIds: number[]; text: string }>;
const duplicate = () => notAllowed('您已提交过该问卷，请勿重复提交');

/**
 * A citizen's answers to a running survey: the public operation `answer` (POST /web/survey/save). `check`
 * reads the body and refuses a second answer before the guard counts the call (image code, per-address
 * limits); `run` writes the record and its answers in the operation's transaction.
 */
export const answerSurvey: PublicOpRun = {
  check: async ({ body, request }) => {
    const db = request.server.db;
    const surveyIdRaw = body.surveyId ?? body.id;
    if (surveyIdRaw === undefined || surveyIdRaw === null || surveyIdRaw === '') throw missingParam('surveyId');
    const surveyId = asInt(surveyIdRaw, 'surveyId');
    const visitorToken = typeof body.visitorToken === 'string' ? body.visitorToken.trim() : '';
    if (!visitorToken) throw missingParam('visitorToken');
    if (!VISITOR_TOKEN_RE.test(visitorToken)) throw invalidValue('visitorToken格式不正确');
    const survey = await loadPublicSurvey(db, surveyId);
    const refusal = answerRefusal(survey);
    if (refusal) throw notAllowed(refusal);

    // Contact details: required unless the survey is anonymous.
    const anonymous = survey.anonymous === 1;
    const name = cleanText(body.name, { label: '姓名', max: 50, required: !anonymous });
    const phone = cleanPhone(body.phone, '联系电话', { required: !anonymous });
    const given = readAnswers(await loadQuestions(db, surveyId), body.answers);

    // One answer per visitor: the client-kept token, the phone when asked for, a cap per IP.
    const ip = (request.ip || 'unknown').slice(0, 64);
    await refuseSeen(db, surveyId, visitorToken, phone, ip);
    return { surveyId, visitorToken, ip, name: name || null, phone: phone || null, given };
  },
  run: async ({ values, ctx }) => {
    const { given, ...record } = values as RecordData & { given: Given };
    try {
      return { recordId: await storeAnswer(ctx.trx as unknown as Db, { ...(record as NewRow<'survey_record'>), createTime: formatDateTime() }, given) };
    } catch (error) {
      // The unique index on (surveyId, visitorToken) catches a concurrent second answer.
      const text = String((error as { message?: string; code?: string }).code ?? '') + String((error as Error).message ?? '');
      if (/UNIQUE|23505/i.test(text)) throw duplicate();
      throw error;
    }
  },
};

/** Answers: every required question answered, options belong to their question. */
function readAnswers(questions: Questions, answers: unknown): Given {
  if (!Array.isArray(answers)) throw missingParam('answers');
  const given: Given = new Map();
  for (const item of answers as unknown[]) {
    const a = asObject(item, '答案');
    const questionId = asInt(a.questionId, 'questionId');
    const question = questions.find((q) => q.id === questionId);
    if (!question) throw invalidValue('答案中的题目不属于该问卷');
    if (given.has(questionId)) throw invalidValue(`题目「${question.title}」重复作答`);
    const rawIds = a.optionIds ?? (a.optionId !== undefined && a.optionId !== null && a.optionId !== '' ? [a.optionId] : []);
    if (!Array.isArray(rawIds)) throw invalidValue('optionIds格式不正确');
    const optionIds = [...new Set(rawIds.map((v) => asInt(v, 'optionId')))];
    let text = '';
    if (question.type === 2) {
      if (optionIds.length) throw invalidValue(`题目「${question.title}」是文本题`);
      text = cleanText(a.text ?? a.content, { label: `「${question.title}」的回答`, max: 2000, multiline: true });
    } else {
      if (optionIds.some((id) => !question.options.some((o) => o.id === id))) throw invalidValue(`题目「${question.title}」的选项无效`);
      if (question.type === 0 && optionIds.length > 1) throw invalidValue(`题目「${question.title}」是单选题，只能选一项`);
    }
    if (optionIds.length || text) given.set(questionId, { optionIds, text });
  }
  const missing = questions.find((q) => q.required === 1 && !given.has(q.id));
  if (missing) throw invalidValue(`请回答必答题「${missing.title}」`);
  if (given.size === 0) throw invalidValue('请至少回答一道题目');
  return given;
}

async function refuseSeen(db: Db, surveyId: number, visitorToken: string, phone: string, ip: string) {
  const records = () => db.selectFrom('survey_record').where('surveyId', '=', surveyId);
  if (await records().select('id').where('visitorToken', '=', visitorToken).executeTakeFirst()) throw duplicate();
  if (phone && (await records().select('id').where('phone', '=', phone).executeTakeFirst())) throw duplicate();
  const perIp = await records().select((eb) => eb.fn.countAll<number | string>().as('n')).where('ip', '=', ip).executeTakeFirst();
  if (Number(perIp?.n ?? 0) >= MAX_RECORDS_PER_IP) throw notAllowed('该网络地址提交的答卷已达上限');
}

/** The survey's store of answers (a citizen's, the demo's): the record, its answers and the survey's 答卷数. */
export async function storeAnswer(trx: Db, record: NewRow<'survey_record'>, given: Given): Promise<number> {
  const surveyId = Number(record.surveyId);
  const inserted = await trx.insertInto('survey_record').values(record).returning('id').executeTakeFirstOrThrow();
  const rows: NewRow<'survey_answer'>[] = [];
  for (const [questionId, a] of given) {
    if (a.optionIds.length) for (const optionId of a.optionIds) rows.push({ recordId: inserted.id, surveyId, questionId, optionId, content: null });
    else rows.push({ recordId: inserted.id, surveyId, questionId, optionId: null, content: a.text });
  }
  await trx.insertInto('survey_answer').values(rows).execute();
  await increment(trx, 'survey', 'recordCount', { column: 'id', keys: surveyId });
  return inserted.id;
}
