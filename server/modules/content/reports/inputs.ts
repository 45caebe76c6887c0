import { describeInput, type InputFields } from '../../../http/routeInput.js';

/** The filters every report list reads (filtered and page in routes.ts; articleConditions). */
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
const IDS: InputFields = {
  ids: ['ids', '报送（文章）ID的数组，或以逗号分隔的字符串'],
  articleId: ['ids', '报送（文章）ID（同 ids）'],
  id: ['ids', '报送（文章）ID（同 ids）'],
};

/** What each report route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export const REPORT_INPUT = {
  list: describeInput({ either: { ...FILTERS, ...PAGE, sortField: ['string', '排序字段，默认 updateTime'], sortOrder: ['string', 'ASC 或 DESC（默认）'] } }),
  counts: describeInput({ either: { ...FILTERS, ...PAGE, groupBy: ['string', '分组：dept（按部门，默认）、month（按月份）、status（按状态）'] } }),
  ids: describeInput({ either: IDS }),
};
