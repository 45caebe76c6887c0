import { OVERDUE_EVENTS } from '../../resources/noticeSetting.js';
import type { RecordData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { DynamicDb } from '../db/types.js';
import { invalidValue, missingParam } from '../http/errors.js';
import { eventLabel, parseIds } from '../modules/system/noticeSettings/reminders.js';

/** Where the ids of each receiverType are looked up (and named). */
const RECEIVER_TABLES = {
  ROLE: { table: 'roles', key: 'roleId', label: '角色' },
  USER: { table: 'users', key: 'userId', label: '人员' },
  DEPT: { table: 'departments', key: 'id', label: '部门' },
} as const;

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The receivers, checked to exist, as the stored comma list and their names (the server's, never the client's). */
async function receivers(trx: DynamicDb, type: string, rawIds: unknown): Promise<{ receiverIds: string; receiverNames: string } | null> {
  if (blank(rawIds)) throw missingParam('receiverIds');
  if (typeof rawIds !== 'string' && typeof rawIds !== 'number' && !Array.isArray(rawIds)) throw invalidValue('提醒对象格式不正确');
  const ids = parseIds(rawIds);
  const given = Array.isArray(rawIds) ? rawIds.length : String(rawIds).split(/[,，\s]+/).filter((p) => p.trim() !== '').length;
  if (ids.length === 0 || ids.length !== given) throw invalidValue('提醒对象格式不正确，应为ID列表，多个用英文逗号分隔');
  if (ids.length > 100) throw invalidValue('提醒对象不能超过100个');
  const target = RECEIVER_TABLES[type as keyof typeof RECEIVER_TABLES];
  if (!target) return null; // an unknown type: the enum check answers 1002
  const rows = (await trx.selectFrom(target.table).select([target.key, 'name']).where(target.key, 'in', ids).execute()) as RecordData[];
  const names = new Map(rows.map((r) => [Number(r[target.key]), String(r.name)]));
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length) throw invalidValue(`提醒对象${target.label}不存在：${missing.join(',')}`);
  return { receiverIds: ids.join(','), receiverNames: ids.map((id) => names.get(id)).join('、') };
}

/**
 * 消息提醒设置 (spec /notice/set/*): the receivers are checked and named by the server, and an overdue
 * event needs its limit, with the advance below it. Delivery: server/modules/system/noticeSettings/.
 */
export default defineBehaviour({
  name: 'noticeSetting',
  hooks: {
    beforeValidate: [
      async ({ data, original, ctx }) => {
        const out: RecordData = { ...data };
        delete out.receiverNames;
        if (out.receiverIds !== undefined || out.receiverType !== undefined) {
          const type = String(out.receiverType ?? original?.receiverType ?? 'ROLE');
          Object.assign(out, await receivers(ctx.trx, type, out.receiverIds !== undefined ? out.receiverIds : original?.receiverIds));
        }
        const event = String(out.eventType ?? original?.eventType ?? '');
        const overdueDays = Number(out.overdueDays ?? original?.overdueDays ?? 0);
        const advanceDays = Number(out.advanceDays ?? original?.advanceDays ?? 0);
        if (OVERDUE_EVENTS.includes(event)) {
          if (!(overdueDays >= 1)) throw invalidValue(`“${eventLabel(event)}”须填写超期天数（1–365）`);
          if (advanceDays >= overdueDays) throw invalidValue('提前提醒天数必须小于超期天数');
        }
        return out;
      },
    ],
  },
});
