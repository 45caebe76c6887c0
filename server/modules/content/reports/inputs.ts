import { describeInput, type InputFields } from '../../../http/routeInput.js';

/** The article list's filters the statistics read (routes.ts). */
const FILTERS: InputFields = {
  columnId: ['integer', '栏目ID（含下级栏目）'],
  categoryId: ['integer', '栏目ID（同 columnId）'],
  title: ['string', '标题（包含）'],
  flag: ['string', '文章属性'],
  status: ['ids', '状态：3（编辑中）、4（审核中）、6（待终审）、2（已退回）、5（已发布）、1（已下线）；数组或以逗号分隔'],
  deptId: ['integer', '报送部门ID（含下级部门）'],
  startTime: ['datetime', '起始时间'],
  endTime: ['datetime', '截止时间'],
};
const PAGE: InputFields = {
  pageNum: ['integer', '页码，从1开始，默认1'],
  pageNumber: ['integer', '页码（同 pageNum）'],
  pageSize: ['integer', '每页条数，默认10，最多200'],
};

/** What the statistics route reads (server/http/routeInput.ts: descriptive, the handler still answers refusals). */
export const REPORT_INPUT = {
  counts: describeInput({ either: { ...FILTERS, ...PAGE, groupBy: ['string', '分组：dept（按部门，默认）、month（按月份）、status（按状态）'] } }),
};
