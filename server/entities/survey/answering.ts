import type { RecordData } from '../../../resources/behaviour.js';
import type { PublicOpRun } from '../../crud/entity/types.js';
import { readResponse, type GivenAnswers } from '../../crud/responses/check.js';
import { storeResponse } from '../../crud/responses/store.js';
import type { Db } from '../../db/types.js';
import { invalidValue, missingParam } from '../../http/errors.js';
import { cleanPhone, cleanText } from '../../public/guard.js';
import { asInt } from '../../shared/routeHelpers.js';
import { formatDateTime } from '../../util/time.js';
import { answerRefusal, loadPublicSurvey, loadQuestions, notAllowed, SURVEY_RESPONSES } from '../../modules/interaction/surveys/service.js';

/** At most this many answer records per survey from one IP address (offices share addresses behind NAT). */
const MAX_RECORDS_PER_IP = Number(process.env.SURVEY_MAX_PER_IP) > 0 ? Number(process.env.SURVEY_MAX_PER_IP) : 50;
const VISITOR_TOKEN_RE = /^[A-Za-z0-9_-]{16,64}$/;

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
    const given = readResponse(SURVEY_RESPONSES, await loadQuestions(db, surveyId), body.answers);

    // One answer per visitor: the client-kept token, the phone when asked for, a cap per IP.
    const ip = (request.ip || 'unknown').slice(0, 64);
    await refuseSeen(db, surveyId, visitorToken, phone, ip);
    return { surveyId, visitorToken, ip, name: name || null, phone: phone || null, given };
  },
  run: async ({ values, ctx }) => {
    const { given, ...record } = values as RecordData & { given: GivenAnswers };
    try {
      return { recordId: await storeResponse(ctx.trx as unknown as Db, SURVEY_RESPONSES, { ...record, createTime: formatDateTime() }, given) };
    } catch (error) {
      // The unique index on (surveyId, visitorToken) catches a concurrent second answer.
      const text = String((error as { message?: string; code?: string }).code ?? '') + String((error as Error).message ?? '');
      if (/UNIQUE|23505/i.test(text)) throw duplicate();
      throw error;
    }
  },
};

async function refuseSeen(db: Db, surveyId: number, visitorToken: string, phone: string, ip: string) {
  const records = () => db.selectFrom('survey_record').where('surveyId', '=', surveyId);
  if (await records().select('id').where('visitorToken', '=', visitorToken).executeTakeFirst()) throw duplicate();
  if (phone && (await records().select('id').where('phone', '=', phone).executeTakeFirst())) throw duplicate();
  const perIp = await records().select((eb) => eb.fn.countAll<number | string>().as('n')).where('ip', '=', ip).executeTakeFirst();
  if (Number(perIp?.n ?? 0) >= MAX_RECORDS_PER_IP) throw notAllowed('该网络地址提交的答卷已达上限');
}
