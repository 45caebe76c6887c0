import { describeInput, NO_QUERY } from '../../../http/routeInput.js';

/** What each column route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function columnInputs() {
  return {
    none: NO_QUERY,
    roleSave: describeInput({
      body: {
        categoryIds: ['ids', '授权的栏目ID：数组或以逗号分隔；空数组为取消全部'],
        categoryIdList: ['ids', '栏目ID（同 categoryIds）'],
        ids: ['ids', '栏目ID（同 categoryIds）'],
      },
      either: { roleId: ['integer', '角色ID（必填）'] },
    }),
  };
}
