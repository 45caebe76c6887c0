import { describeInput } from '../../../http/routeInput.js';

const ROLE = ['integer', '角色ID'] as const;

/** What each plate-role route reads (server/http/routeInput.ts: descriptive). */
export const FORUM_INPUT = {
  roleList: describeInput({ either: { roleId: ['integer', '角色ID（不传为全部）'] } }),
  roleSave: describeInput({ body: { roleId: ROLE, plateIds: ['array', '该角色管理的版块ID数组（整体替换，空数组为取消全部）'] } }),
};
