import { describeInput } from '../../../http/routeInput.js';

/** What each plate-role route reads (server/http/routeInput.ts: descriptive). */
export const FORUM_INPUT = {
  roleList: describeInput({ either: { roleId: ['integer', '角色ID（不传为全部）'] } }),
};
