import { describeInput, NO_INPUT, PAGING, type InputFields } from '../../../http/routeInput.js';

const NAME: InputFields = { name: ['string', '名称（包含）'] };
const ROLE = ['integer', '角色ID'] as const;

/** What each forum, plate and plate-role route reads (server/http/routeInput.ts: descriptive). */
export const FORUM_INPUT = {
  plates: describeInput({ either: { ...NAME, forumId: ['integer', '论坛ID'], ...PAGING } }),
  roleList: describeInput({ either: { roleId: ['integer', '角色ID（不传为全部）'] } }),
  rolePlates: describeInput({ either: { roleId: ['integer', '角色ID（必填）'], ...NAME, ...PAGING } }),
  none: NO_INPUT,
  roleSave: describeInput({ body: { roleId: ROLE, plateIds: ['array', '该角色管理的版块ID数组（整体替换，空数组为取消全部）'] } }),
};
