import type { RecordData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import adviceDecl from '../../resources/advice.js';
import { runSchedule } from '../crud/schedule.js';
import { invalidValue, missingParam, notFoundRecord } from '../http/errors.js';
import { badState as notAllowed } from '../shared/records.js';
import { cleanPhone, cleanText, newQueryCode } from '../public/guard.js';
import { increment } from '../shared/counters.js';
import { wholePage } from '../shared/paging.js';
import { asInt } from '../shared/routeHelpers.js';

/** What a topic's form changes: a save with none of them is the server's own (stop, result, the task). */
const FORM_FIELDS = ['title', 'content', 'solicitDept', 'startTime', 'endTime'];
const isFormSave = (data: RecordData) => FORM_FIELDS.some((k) => data[k] !== undefined);

/**
 * The times of a save: the end not past (after the start: the field's declared `after`); the status follows
 * the start. Demo data (`seed`) may be a topic of the past as it stands: its end, status and count are kept.
 */
function timed(data: RecordData, original: RecordData | undefined, now: string, seed: boolean): RecordData {
  const start = String(data.startTime ?? original?.startTime);
  const end = String(data.endTime ?? original?.endTime);
  if (end < now && !seed) throw invalidValue('结束时间不能早于当前时间');
  const own: RecordData = { status: start <= now ? 1 : 0, ...(original ? {} : { opinionCount: 0 }) };
  if (seed) for (const k of ['status', 'opinionCount']) if (data[k] !== undefined && data[k] !== null) delete own[k];
  return { ...data, ...own };
}

/**
 * 意见征集 (docs/interaction-forms.md): topics on the generic routes (/advice/add saves both ways: a change
 * only while the topic is open), 结束征集 and 结果反馈 (declared `sets`) as declared actions, 到期检查 over
 * the declared `schedule` (the cluster's open/close check), and the citizen's opinion as the public
 * operation `opinion` (/advice/web/add), counted on the topic atomically.
 */
export default defineBehaviour({
  name: 'advice',
  hooks: {
    beforeValidate: [
      ({ operation, data, original }) => {
        if (operation === 'update' && isFormSave(data) && Number(original?.status) >= 2) throw notAllowed('征集已结束，不能再修改');
      },
    ],
    beforeChange: [({ operation, data, original, ctx }) => (operation === 'create' || isFormSave(data) ? timed(data, original, ctx.now, ctx.seed) : data)],
  },
  actions: {
    // 到期检查: the declared schedule's run now (its `{ closed, opened }`), in the action's transaction.
    task: async ({ ctx }) => runSchedule(ctx.trx, adviceDecl, ctx.now),
  },
  publicOps: {
    opinion: {
      check: ({ body }) => {
        const rawId = body.adviceId ?? body.id;
        if (rawId === undefined || rawId === null || rawId === '') throw missingParam('adviceId');
        return {
          adviceId: asInt(rawId, 'adviceId'),
          content: cleanText(body.content, { label: '意见内容', max: 3000, required: true, multiline: true }),
          name: cleanText(body.name, { label: '姓名', max: 50 }) || null,
          phone: cleanPhone(body.phone, '联系电话'),
        };
      },
      run: async ({ values, ip, ctx }) => {
        const adviceId = Number(values.adviceId);
        const topic = await ctx.api.findById('advice', adviceId);
        if (!topic || Number(topic.status ?? 0) === 0) throw notFoundRecord();
        if (Number(topic.status) !== 1 || String(topic.endTime) < ctx.now) throw notAllowed('该主题已停止征集意见');
        const queryCode = newQueryCode();
        await ctx.trx.insertInto('advice_opinion').values({ ...values, queryCode, ip, createTime: ctx.now }).execute();
        await increment(ctx.trx, 'advice', 'opinionCount', { column: 'id', keys: adviceId });
        return { queryCode, createTime: ctx.now };
      },
    },
    // One's own opinions, by the query code and the phone given with them, with the topic's state and result.
    myList: {
      check: ({ body }) => ({ queryCode: cleanText(body.queryCode, { label: '查询码', max: 32, required: true }).toUpperCase(), phone: cleanPhone(body.phone, '联系电话') }),
      run: async ({ values, ctx }) =>
        wholePage(
          await ctx.trx
            .selectFrom('advice_opinion as o')
            .innerJoin('advice as a', 'a.id', 'o.adviceId')
            .select(['o.id as id', 'o.adviceId as adviceId', 'o.content as content', 'o.createTime as createTime', 'o.queryCode as queryCode', 'a.title as title', 'a.status as status', 'a.resultContent as resultContent', 'a.resultTime as resultTime'])
            .where('o.queryCode', '=', String(values.queryCode))
            .where('o.phone', '=', String(values.phone))
            .orderBy('o.id', 'desc')
            .execute(),
        ),
    },
  },
});
