import { APPLY_PENDING, APPLY_STATUS } from '../../resources/apply.js';
import type { RecordData } from '../../resources/behaviour.js';
import { addWorkingDays, today } from '../../resources/shape/workingDays.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { EntityChangeArgs, EntityContext, ListCondition } from '../crud/entity/types.js';
import { invalidValue } from '../http/errors.js';
import { newQueryCode } from '../public/guard.js';
import applyDecl from '../../resources/apply.js';
import { readKeySettings } from '../crud/keySettings.js';
import { parseApplication } from './apply/application.js';
import { applyCitizenOps } from './apply/citizen.js';
import { claimInState, handlingValues } from './apply/handling.js';

const PENDING = [...APPLY_PENDING];
const STATUS_NAME = Object.fromEntries(APPLY_STATUS.map((s) => [s.value, s.label])) as Record<number, string>;
/** 办理设置 (the declared `settings`): deadlines in working days. */
const settingsOf = (ctx: EntityContext) => readKeySettings(ctx.trx, applyDecl);
/** Applications from the public site (the public op) and the demo seed are written by the system. */
const bySystem = (ctx: EntityContext) => ctx.caller.userId === 0;
const blank = (v: unknown) => v === undefined || v === null || v === '';

/** What beforeValidate worked out for beforeChange of the same save (read-only values a client never sends). */
const derived = new WeakMap<EntityContext, RecordData>();

/** A staff registration is checked as the citizen's is; a handling step becomes the values it sets. */
async function beforeValidate({ operation, data, original, ctx }: EntityChangeArgs): Promise<RecordData> {
  if (operation === 'update' && original) {
    derived.set(ctx, await handlingValues(data, original, ctx, await settingsOf(ctx)));
    return {};
  }
  if (bySystem(ctx)) return data; // checked by the public op's `check`, or demo data
  const findDept = async (id: number) => (await ctx.trx.selectFrom('departments').select(['id', 'name']).where('id', '=', id).executeTakeFirst()) as { id: number; name: string } | undefined;
  const values = await parseApplication(data, findDept);
  derived.set(ctx, { handleDeptName: values.handleDeptName });
  return values;
}

/** A new application waits for acceptance with a query code and the statutory deadline; a step claims its state. */
async function beforeChange({ operation, data, original, ctx }: EntityChangeArgs): Promise<RecordData> {
  const set = derived.get(ctx) ?? {};
  if (operation === 'update' && original) {
    await claimInState(ctx, original);
    return { ...data, ...set };
  }
  const system = bySystem(ctx);
  return {
    ...data,
    ...set,
    queryCode: data.queryCode ?? newQueryCode(),
    source: system ? data.source ?? 1 : 2,
    deadline: data.deadline ?? addWorkingDays(ctx.now, (await settingsOf(ctx)).replyDays!),
    creatorId: system ? data.creatorId || null : ctx.caller.userId,
    ip: system ? data.ip ?? null : null,
  };
}

/** The list's overdue (pending, past the deadline) and dueWithin=n (pending, due within n working days) searches. */
function deadlineWhere({ search }: { search: RecordData }): ListCondition | void {
  const t = today();
  const conditions: ListCondition[] = [];
  if (!blank(search.overdue)) {
    conditions.push(Number(search.overdue) === 1
      ? (eb) => eb.and([eb('status', 'in', PENDING), eb('deadline', '<', t)])
      : (eb) => eb.or([eb('status', 'not in', PENDING), eb('deadline', '>=', t), eb('deadline', 'is', null)]));
  }
  if (!blank(search.dueWithin)) {
    const n = Number(search.dueWithin);
    if (!Number.isInteger(n) || n < 0 || n > 60) throw invalidValue('dueWithin的值应为0到60的整数（工作日）');
    conditions.push((eb) => eb.and([eb('status', 'in', PENDING), eb('deadline', '>=', t), eb('deadline', '<=', addWorkingDays(t, n))]));
  }
  if (conditions.length) return (eb) => eb.and(conditions.map((c) => c(eb)));
}

/**
 * 依申请公开 (docs/interaction-forms.md): a citizen applies through the public op `submit` and finds his
 * application by query code; staff register one at the counter (/apply/add without an id) and handle it on
 * the same call with the id (受理, 答复, 不予公开, 撤回, 延期 once, 转办 while 待受理: ./apply/handling.ts).
 */
export default defineBehaviour({
  name: 'apply',
  hooks: {
    beforeValidate: [beforeValidate],
    beforeChange: [beforeChange],
    afterRead: [({ record }) => ({ ...record, statusName: STATUS_NAME[Number(record.status)] ?? '' })],
    listWhere: [deadlineWhere],
  },
  actions: {
    // /apply/delete { id }: one application, as /apply/dels does several.
    remove: async ({ records, ctx }) => ctx.api.delete('apply', records.map((r) => Number(r.id))),
  },
  publicOps: applyCitizenOps,
});
