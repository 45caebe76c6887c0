import { MAIL_PERMISSIONS as P, MAIL_STAGE as S } from '../../resources/mail.js';
import type { RecordData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { EntityChangeArgs, EntityContext } from '../crud/entity/types.js';
import { forbidden, invalidValue } from '../http/errors.js';
import { newQueryCode } from '../public/guard.js';
import { addHistory, bumpCount, departmentName, labelled, notAllowed } from '../modules/interaction/mail/common.js';
import { cleanLetter } from '../modules/interaction/mail/letter.js';
import { mailCitizenOps } from './mail/citizen.js';
import { mailSteps } from './mail/steps.js';

/** What a save's beforeValidate found, for beforeChange and afterChange of the same operation. */
interface SaveNotes {
  /** Values of read-only fields the save sets (the receiving department's name, the publication). */
  readonly derived: RecordData;
  /** The letter fields the body changed (the history's 修改：…). */
  readonly changed: readonly string[];
  readonly publish?: 'publish' | 'unpublish';
}
const notes = new WeakMap<EntityContext, SaveNotes>();

/** Letters from the public site are written by the system (the public op); the rest are staff entries. */
const fromCitizen = (ctx: EntityContext) => ctx.caller.userId === 0;

/** 公开 / 取消公开 (publicFlag on /mail/add): the 公开 key, a replied letter whose writer agreed. */
function publication(ctx: EntityContext, body: RecordData, cleaned: RecordData, original: RecordData): Pick<SaveNotes, 'publish'> & { derived: RecordData } {
  if (!ctx.user.has(P.publish)) throw forbidden();
  const flag = Number(body.publicFlag);
  if (flag !== 0 && flag !== 1) throw invalidValue('是否公开取值不正确');
  if (flag === 1 && Number(original.status) !== 1) throw notAllowed('信件尚未答复，不能公开');
  if (flag === 1 && Number(cleaned.isPublic ?? original.isPublic) !== 1) throw notAllowed('来信人不同意公开，不能公开');
  if (flag === Number(original.publicFlag)) return { derived: {} };
  return { derived: { publicFlag: flag, publishTime: flag === 1 ? ctx.now : null }, publish: flag === 1 ? 'publish' : 'unpublish' };
}

/** Cleans the letter fields (plain text, the spec's messages); other declared fields go on to the field rules. */
async function beforeValidate({ operation, data, original, ctx }: EntityChangeArgs): Promise<RecordData> {
  const update = operation === 'update';
  const cleaned = cleanLetter(data, update);
  const derived: RecordData = {};
  if ('targetDeptId' in cleaned) derived.targetDeptName = cleaned.targetDeptId === null ? null : await departmentName(ctx.trx, Number(cleaned.targetDeptId));
  let publish: SaveNotes['publish'];
  if (update && 'publicFlag' in data && original) {
    const p = publication(ctx, data, cleaned, original);
    Object.assign(derived, p.derived);
    publish = p.publish;
  }
  const changed = [...Object.keys(cleaned), ...Object.keys(derived)].filter((k) => k !== 'publicFlag' && k !== 'publishTime');
  notes.set(ctx, { derived, changed, publish });
  return { ...data, ...cleaned };
}

/**
 * A new letter starts waiting for examination with its query code; a change carries its derived values.
 * Demo data (`ctx.seed`) may be a letter further on (accepted, replied, published, days old): the state
 * values its row gives are kept.
 */
function beforeChange({ operation, data, ctx }: EntityChangeArgs): RecordData {
  const derived = notes.get(ctx)?.derived ?? {};
  if (operation === 'update') return { ...data, ...derived };
  const citizen = fromCitizen(ctx);
  const by = citizen ? { creatorId: null, creatorName: null } : {};
  const fresh: RecordData = { status: 0, stage: S.PENDING, publicFlag: 0, satisfaction: 0, rkFlag: 0, source: citizen ? 1 : 2, queryCode: newQueryCode(), receivedAt: ctx.now };
  if (ctx.seed) for (const k of Object.keys(fresh)) if (data[k] !== undefined && data[k] !== null) delete fresh[k];
  return { ...data, ...derived, ...by, ...fresh };
}

/** A satisfaction change moves the receiving department's counts. */
async function countSatisfaction(ctx: EntityContext, record: RecordData, previous: RecordData): Promise<void> {
  const dept = Number(previous.transferDeptId ?? 0);
  if (!dept || Number(record.satisfaction) === Number(previous.satisfaction)) return;
  const name = String(previous.transferDeptName ?? '');
  const was = Number(previous.satisfaction);
  const now = Number(record.satisfaction);
  if (was === 1 || was === 2) await bumpCount(ctx.trx, dept, name, 'satisfiedCount', -1);
  if (was === 3) await bumpCount(ctx.trx, dept, name, 'unsatisfiedCount', -1);
  if (now === 1 || now === 2) await bumpCount(ctx.trx, dept, name, 'satisfiedCount');
  if (now === 3) await bumpCount(ctx.trx, dept, name, 'unsatisfiedCount');
}

/** The handling history (mail_forum): the letter's arrival, a staff change, a publication. */
async function afterChange({ operation, record, previous, ctx }: { operation: 'create' | 'update'; record: RecordData; previous?: RecordData; ctx: EntityContext }): Promise<void> {
  const id = Number(record.id);
  // A demo letter comes in the stage its row gives: no handling history is made up for it.
  if (operation === 'create') return ctx.seed ? undefined : addHistory(ctx.trx, id, fromCitizen(ctx) ? 'submit' : 'create', fromCitizen(ctx) ? null : ctx.caller);
  const note = notes.get(ctx);
  if (!note || !previous) return;
  if ('satisfaction' in record && note.changed.includes('satisfaction')) await countSatisfaction(ctx, record, previous);
  if (note.changed.length) await addHistory(ctx.trx, id, 'update', ctx.caller, { remarks: `修改：${note.changed.join('、')}` });
  if (note.publish) await addHistory(ctx.trx, id, note.publish, ctx.caller);
}

/**
 * 领导信箱 (docs/interaction-mail.md): a citizen writes through the public op `submit` and finds his letter
 * by query code and phone; staff enter and edit letters on /mail/add (公开 with the 公开 key), and handle
 * them with the declared steps (审核, 转办, 答复, 退回, 登记入库: ./mail/steps.ts). Every step writes a line
 * of the handling history (mail_forum) and moves the department's counts (mail_count).
 */
export default defineBehaviour({
  name: 'mail',
  hooks: {
    beforeValidate: [beforeValidate],
    beforeChange: [beforeChange],
    afterChange: [afterChange],
    // The detail view's labels (the handling history is the declared child collection `records`).
    afterGet: [({ record }) => labelled(record)],
  },
  actions: mailSteps,
  publicOps: mailCitizenOps,
});
