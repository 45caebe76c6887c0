import { Refusal } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import { subtreeIds } from '../crud/tree.js';
import { isBlank } from '../crud/validate.js';

/** Alias of the 系统管理员 role (server/seed/menuSync.ts): it always holds every entry. */
export const ADMIN_ROLE_ALIAS = 'admin';


/**
 * 角色管理: 系统管理员 is never disabled, re-aliased, narrowed, stripped of grants or deleted; a role with users
 * is not deleted (remove them first, rather than silently unassign); the list's `deptId` finds the roles held
 * by someone of that department or below. The grants are the declared link, the member count a declared answer.
 */
export default defineBehaviour({
  name: 'role',
  hooks: {
    beforeValidate: [
      ({ data, original }) => {
        if (original?.roleAlias === ADMIN_ROLE_ALIAS && Object.prototype.hasOwnProperty.call(data, 'resourceIds')) {
          throw new Refusal(1005, '系统管理员角色拥有全部菜单，不能修改授权');
        }
        return data;
      },
    ],
    beforeChange: [
      ({ data, original }) => {
        if (original?.roleAlias !== ADMIN_ROLE_ALIAS) return data;
        const changesAlias = data.roleAlias !== undefined && data.roleAlias !== ADMIN_ROLE_ALIAS;
        const disables = data.enabled !== undefined && Number(data.enabled) !== 1;
        const narrows = data.dataScope !== undefined && data.dataScope !== 'ALL';
        if (changesAlias || disables || narrows) throw new Refusal(1005, '系统管理员角色不能停用、改别名或缩小数据权限');
        return data;
      },
    ],
    beforeDelete: [
      async ({ records, ctx }) => {
        if (records.some((r) => r.roleAlias === ADMIN_ROLE_ALIAS)) throw new Refusal(1005, '系统管理员角色不能删除');
        const member = await ctx.trx.selectFrom('user_roles').select('userId').where('roleId', 'in', records.map((r) => Number(r.roleId))).executeTakeFirst();
        if (member) throw new Refusal(1005, '该角色下还有用户，不能删除，请先移除用户');
      },
    ],
    afterSave: [({ operation }) => (operation === 'create' ? { data: { userCount: 0 } } : undefined)],
    listWhere: [
      async ({ search, ctx }) => {
        const raw = search.deptId;
        if (isBlank(raw)) return undefined;
        const deptId = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
        if (!Number.isSafeInteger(deptId) || deptId <= 0) throw new Refusal(1002, '参数格式不正确：deptId');
        const depts = subtreeIds(await ctx.trx.selectFrom('departments').select(['id', 'parentId']).execute(), deptId, 'id', 'parentId');
        const held = await ctx.trx.selectFrom('user_roles as ur').innerJoin('users as u', 'u.userId', 'ur.userId').select('ur.roleId').where('u.deptId', 'in', depts).execute();
        return { roleId: [...new Set(held.map((r) => Number(r.roleId)))] };
      },
    ],
  },
});
