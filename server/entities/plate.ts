import { Refusal, type RecordData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';

/**
 * 论坛版块: the forum's and the handling department's names are stored with the plate; the detail view
 * lists the moderating roles (the declared link `roleIds`, set by 版主设置); a plate with topics cannot go.
 */
export default defineBehaviour({
  name: 'plate',
  hooks: {
    beforeChange: [
      async ({ data, ctx }) => {
        const out: RecordData = { ...data };
        const api = ctx.api.asSystem();
        if (data.forumId !== undefined) {
          const forum = data.forumId === null ? undefined : await api.findById('forum', Number(data.forumId));
          if (!forum) throw new Refusal(1002, '所属论坛不存在');
          out.forumName = forum.name;
        }
        if (data.handleDeptId !== undefined) {
          if (data.handleDeptId === null) out.handleDeptName = null;
          else {
            const dept = await ctx.trx.selectFrom('departments').select('name').where('id', '=', Number(data.handleDeptId)).executeTakeFirst();
            if (!dept) throw new Refusal(1002, '部门不存在');
            out.handleDeptName = dept.name;
          }
        }
        return out;
      },
    ],
    afterGet: [
      async ({ record, ctx }) => {
        const roles = await ctx.trx
          .selectFrom('plate_role')
          .innerJoin('roles', 'roles.roleId', 'plate_role.roleId')
          .select(['roles.roleId', 'roles.name'])
          .where('plate_role.plateId', '=', record.id)
          .execute();
        return { ...record, roles };
      },
    ],
    beforeDelete: [
      async ({ records, ctx }) => {
        const ids = records.map((r) => Number(r.id));
        if (await ctx.trx.selectFrom('theme').select('id').where('plateId', 'in', ids).executeTakeFirst()) throw new Refusal(1005, '版块下还有主题，不能删除');
      },
    ],
  },
});
