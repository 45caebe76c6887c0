import { defineResource, ownership, ownershipFields } from './define';

/**
 * 报送管理: news submitted by departments through the reporting app (appKey reportSite). A submission IS
 * an article (resources/article.ts) created in the reporting app; this table only marks it as one
 * (docs/search-and-reports.md). Served by server/modules/content/reports; the review is the article workflow.
 */

/** reportAudit's `status`: what the reviewer decides. */
export const REPORT_AUDIT_OPTIONS = [
  { value: 1, label: '通过' },
  { value: 2, label: '退回' },
] as const;

/** Groupings of /api/report/reportDeptList (statistics). */
export const REPORT_GROUPS = [
  { value: 'dept', label: '按部门' },
  { value: 'month', label: '按月份' },
  { value: 'status', label: '按状态' },
] as const;

export default defineResource({
  name: 'report',
  table: 'article_report',
  label: '报送管理',
  icon: 'Assignment',
  idField: 'articleId',
  titleField: 'articleId',
  routes: 'module',
  api: {
    list: { path: '/api/report/reportList' },
    get: { path: '/api/article/redisByArticleId', method: 'GET', id: 'query', idParam: 'articleId' },
    delete: { path: '/api/report/deleteReport', ids: 'body' },
    extra: {
      my: { path: '/api/report/my', label: '我的报送' },
      role: { path: '/api/report/role', label: '待我审核' },
      deptList: { path: '/api/report/reportDeptList', label: '报送统计' },
      audit: { path: '/api/report/reportAudit', label: '报送审核' },
    },
  },
  fields: [
    { name: 'articleId', label: '文章ID', type: 'number', readOnly: true },
    { name: 'reportTime', label: '报送时间', type: 'datetime', readOnly: true },
    ...ownershipFields,
  ],
  list: {
    columns: ['articleId', 'deptName', 'creatorName', 'reportTime'],
    filters: [{ field: 'reportTime', op: 'range' }],
    sortable: ['reportTime'],
    defaultSort: { field: 'reportTime', order: 'DESC' },
  },
  permissions: { list: 'report:list', get: 'article:get', create: 'report:add', update: 'report:update', delete: 'report:delete' },
  actions: [
    { name: 'my', label: '我的报送', path: '/api/report/my', permission: 'report:my', scope: 'none' },
    { name: 'role', label: '待我审核', path: '/api/report/role', permission: 'report:role', scope: 'none' },
    { name: 'audit', label: '审核', path: '/api/report/reportAudit', permission: 'report:audit', scope: 'both' },
  ],
  ownership,
  menu: { group: 'content', path: '/main/article/report', sort: 12 },
});
