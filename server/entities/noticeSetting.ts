import { OVERDUE_EVENTS } from '../../resources/noticeSetting.js';
import type { RecordData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import { invalidValue } from '../http/errors.js';
import { eventLabel } from '../modules/system/noticeSettings/reminders.js';

/**
 * 消息提醒设置 (spec /notice/set/*): an overdue event needs its limit, with the advance below it. The receivers
 * are the declared `idsOf` field, checked and named by server/crud/idsOfCheck.ts. Delivery:
 * server/modules/system/noticeSettings/.
 */
export default defineBehaviour({
  name: 'noticeSetting',
  hooks: {
    beforeValidate: [
      ({ data, original }) => {
        const out: RecordData = { ...data };
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
