import type { RecordData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import { inTransaction } from '../crud/service.js';
import type { DynamicDb } from '../db/types.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../http/errors.js';
import { cleanPhone, cleanText, newQueryCode } from '../public/guard.js';
import { increment } from '../shared/counters.js';
import { wholePage } from '../shared/paging.js';
import { asInt } from '../shared/routeHelpers.js';
import { formatDateTime } from '../util/time.js';

/** How often the cluster opens due topics and closes expired ones (once per interval across instances). */
export const ADVICE_TASK_EVERY_MS = 5 * 60_000;

/** The open/close task the advice module provides (server/modules/interaction/advice/routes.ts). */
export const ADVICE_TASK_SERVICE = 'advice:openClose';

/** What a topic's form changes: a save with none of them is the server's own (stop, result, the task). */
const FORM_FIELDS = ['title', 'content', 'solicitDept', 'startTime', 'endTime'];
const isFormSave = (data: RecordData) => FORM_FIELDS.some((k) => data[k] !== undefined);
const notAllowed = (msg: string) => new PortalError(1005, msg);

/** Opens topics whose start time has come and closes those past their end time (the job and 到期检查). */
export async function runAdviceTask(db: DynamicDb, now = formatDateTime()): Promise<{ opened: number; closed: number }> {
  return inTransaction(db, async (trx) => {
    const closed = await trx.updateTable('advice').set({ status: 2, stopTime: now, updateTime: now }).where('status', 'in', [0, 1]).where('endTime', '<', now).executeTakeFirst();
    const opened = await trx.updateTable('advice').set({ status: 1, updateTime: now }).where('status', '=', 0).where('startTime', '<=', now).where('endTime', '>=', now).executeTakeFirst();
    return { opened: Number(opened.numUpdatedRows), closed: Number(closed.numUpdatedRows) };
  });
}

/**
 * The times of a save: the end after the start and not past; the status follows the start. Demo data
 * (`seed`) may be a topic of the past as it stands: its end, status and count are kept.
 */
function timed(data: RecordData, original: RecordData | undefined, now: string, seed: boolean): RecordData {
  const start = String(data.startTime ?? original?.startTime);
  const end = String(data.endTime ?? original?.endTime);
  if (start >= end) throw invalidValue('结束时间必须晚于开始时间');
  if (end < now && !seed) throw invalidValue('结束时间不能早于当前时间');
  const own: RecordData = { status: start <= now ? 1 : 0, ...(original ? {} : { opinionCount: 0 }) };
  if (seed) for (const k of ['status', 'opinionCount']) if (data[k] !== undefined && data[k] !== null) delete own[k];
  return { ...data, ...own };
}

/**
 * 意见征集 (docs/interaction-forms.md): topics on the generic routes (/advice/add saves both ways: a change
 * only while the topic is open), 结束征集 and 结果反馈 as declared actions, 到期检查 and the scheduled
 * open/close check, and the citizen's opinion as the public
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
    stop: async ({ records, ctx }) => ctx.api.update('advice', Number(records[0]?.id), { status: 2, stopTime: ctx.now }),
    resultReply: async ({ records, body, ctx }) => {
      const resultContent = String(body.resultContent ?? '').trim();
      if (!resultContent) throw missingParam('resultContent');
      return ctx.api.update('advice', Number(records[0]?.id), { resultContent, resultTime: ctx.now, status: 3 });
    },
    task: async ({ ctx }) => runAdviceTask(ctx.trx, ctx.now),
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
  jobs: [
    {
      name: 'openClose',
      everyMs: ADVICE_TASK_EVERY_MS,
      run: async ({ services, now }) => {
        if (!services.has(ADVICE_TASK_SERVICE)) return; // the advice module is not installed
        await services.get<(now: string) => Promise<unknown>>(ADVICE_TASK_SERVICE)(now);
      },
    },
  ],
});
