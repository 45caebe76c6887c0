import { defineBehaviour } from '../crud/entity/define.js';
import { systemUser } from '../crud/entity/runtime.js';
import type { EntityContext } from '../crud/entity/types.js';
import { newQueryCode } from '../public/guard.js';
import { citizenOps } from './theme/citizen.js';
import { replyActions } from './theme/replies.js';
import { plateFor, plateValues, themeFields } from './theme/rules.js';
import { staffActions } from './theme/staff.js';

/**
 * 论坛主题 / 网络问政 (resources/theme.ts; flows in docs/interaction-forums.md): the generic routes serve
 * list / get / add / dels; the staff's steps are declared actions (theme/staff.ts), the replies a child
 * collection written by actions (theme/replies.ts), the citizens' posts public operations
 * (theme/citizen.ts). A plate's topic count is the declaration's `countedIn`.
 */

/** Server code creating as the system (a citizen's post, the demo seed) gives a topic's full values itself. */
const byStaff = (ctx: unknown) => (ctx as EntityContext).caller !== systemUser;

export default defineBehaviour({
  name: 'theme',
  hooks: {
    beforeValidate: [
      // Staff post a forum topic on a plate (/theme/add): the visitor fields cleaned, the plate required.
      async ({ operation, data, ctx }) => {
        if (operation !== 'create' || !byStaff(ctx)) return data;
        await plateFor((ctx as EntityContext).trx, data.plateId, true);
        return { ...themeFields(data, 'bbs'), plateId: data.plateId };
      },
    ],
    beforeChange: [
      // …passed and shown at once (unless the author declined), handled by the plate's department.
      async ({ operation, data, ctx }) => {
        if (operation !== 'create' || !byStaff(ctx)) return data;
        const plate = await plateFor((ctx as EntityContext).trx, data.plateId, true);
        const fromPlate = plateValues(plate);
        return {
          ...data,
          ...fromPlate,
          deptId: fromPlate.deptId ?? data.deptId,
          deptName: fromPlate.deptName ?? data.deptName,
          channel: 'bbs',
          type: 0,
          status: 1,
          isShow: data.isOpen === 0 ? 0 : 1,
          queryCode: newQueryCode(),
          auditTime: ctx.now,
        };
      },
    ],
  },
  actions: { ...staffActions, ...replyActions },
  publicOps: citizenOps,
});
