import { Refusal } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { EntityAccessFn, LocalApi } from '../crud/entity/types.js';
import { subtreeIds } from '../crud/tree.js';
import type { PortalUser } from '../http/fastifyTypes.js';

/**
 * Departments the caller may see: null = all (ALL); DEPARTS its department and all below it; DEPART and
 * SELF its own department (a department has no creator, so SELF narrows to the own department).
 * `api` acts as the system.
 */
export async function visibleDepartmentIds(caller: PortalUser, api: LocalApi): Promise<number[] | null> {
  if (caller.dataScope === 'ALL') return null;
  if (caller.deptId === null) return [];
  if (caller.dataScope === 'DEPARTS') return subtreeIds(await api.find('department'), caller.deptId, 'id', 'parentId');
  return [caller.deptId];
}

/** Outside the scope a department is not found (1003), as the data scope answers elsewhere. */
const scoped: EntityAccessFn = async ({ caller, api }) => {
  const ids = await visibleDepartmentIds(caller, api);
  return ids === null ? true : { id: ids };
};

/**
 * 部门管理: the data scope by department, the placement a user below ALL may choose (inside the scope, never
 * at the top) and the own department that cannot go. The tree rules (parent exists, no cycle, siblings'
 * names, levels, children and users guard) and the detail view's parent name and counts are declared.
 */
export default defineBehaviour({
  name: 'department',
  access: { list: scoped, get: scoped, update: scoped, delete: scoped },
  hooks: {
    beforeChange: [
      async ({ operation, data, ctx }) => {
        const system = ctx.api.asSystem();
        const ids = await visibleDepartmentIds(ctx.caller, system);
        if (ids === null) return data;
        const given = data.parentId;
        if (given === undefined) {
          if (operation === 'create') throw new Refusal(1001, '缺少必填参数：parentId');
          return data;
        }
        const parentId = given === null ? 0 : Number(given);
        // Only a user who sees every department may make a top-level one.
        if (parentId === 0) throw new Refusal(1005, '只有全部数据权限的用户可以设置顶级部门');
        // An unknown parent is the tree rule's 1002; a known one outside the scope is not found.
        if (!ids.includes(parentId) && (await system.findById('department', parentId))) throw new Refusal(1003, '记录不存在或已被删除');
        return data;
      },
    ],
    beforeDelete: [
      ({ records, ctx }) => {
        if (records.some((r) => Number(r.id) === ctx.caller.deptId)) throw new Refusal(1005, '不能删除本人所在的部门');
      },
    ],
  },
});
