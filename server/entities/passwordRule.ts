import { Refusal } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';

/**
 * 密码规则: one rule is in force. Saving a rule as enabled disables the others (through the local API, so
 * their own hooks run); the enabled rule cannot be deleted. See docs/system-security.md.
 */
export default defineBehaviour({
  name: 'passwordRule',
  hooks: {
    beforeChange: [
      async ({ data, original, ctx }) => {
        if (Number(data.enabled) !== 1) return;
        const api = ctx.api.asSystem();
        for (const other of await api.find('passwordRule', { where: { enabled: 1 } })) {
          if (Number(other.id) !== Number(original?.id)) await api.update('passwordRule', Number(other.id), { enabled: 0 });
        }
      },
    ],
    beforeDelete: [
      ({ records }) => {
        const live = records.find((r) => Number(r.enabled) === 1);
        if (live) throw new Refusal(1005, `密码规则“${String(live.name)}”正在启用，不能删除，请先停用或启用其他规则`);
      },
    ],
  },
});
