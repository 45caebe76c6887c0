import { ARTICLE_STATUS_OPTIONS } from './article';
import { defineResource, ownership, ownershipFields } from './define';
import type { FieldDecl } from './types';

/**
 * 报送管理: news submitted by departments through the reporting app (appKey reportSite). A submission IS
 * an article (resources/article.ts) created in the reporting app; this table only marks it as one
 * (docs/search-and-reports.md). On the generic routes since session 24: the audit is a declared action run on
 * the server (the article's review steps through the local API); lists, get and delete are the marked
 * articles' (`marks`, since session 27).
 * 报送管理 in the admin app is the generic list (issue 19, session 24): the article's title, column, state,
 * submission time and last opinion are answered by the list call (not stored here), 通过 / 退回 are the
 * audit call with an opinion dialog, 预览 the article's preview dialog, 报送统计 a dialog from the toolbar.
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
  // A submission is a marked article (`marks`, served by server/crud/marks.ts): the lists answer the article's
  // list over the marked ones (its filters: a column with its sub-columns, a department with those below, the
  // review queue), the get is the article's own get call, the delete the article's delete through the local API
  // (the mark goes with the article). The audit is a declared action run on the server (server/entities/report.ts).
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
  marks: {
    entity: 'article',
    // The review queue is only 待我审核's; the newest change first unless the call sorts.
    ignore: ['todo'],
    sortField: 'updateTime',
    lists: { my: { permission: 'report:my', mine: true }, role: { permission: 'report:role', search: { todo: 1 } } },
    delete: {
      ids: ['ids', 'articleIds', 'articleId', 'id'],
      max: { count: 200, message: '一次最多处理200篇文章' },
      missing: '报送信息不存在或无权操作',
      needs: { key: 'article:delete', refusal: '没有执行该审核步骤的权限' },
    },
  },
  fields: [
    { name: 'articleId', label: '文章ID', type: 'number', readOnly: true },
    { name: 'reportTime', label: '报送时间', type: 'datetime', readOnly: true },
    ...ownershipFields.map((f) => (f.name === 'deptName' ? { ...f, label: '部门' } : f.name === 'creatorName' ? { ...f, label: '报送人' } : f)),
    // The article's own values, answered by the list calls (the article's list, `marks`): no column here.
    { name: 'title', label: '标题', type: 'text', readOnly: true, answered: true },
    { name: 'columnTitle', label: '栏目', type: 'text', readOnly: true, answered: true },
    { name: 'status', label: '状态', type: 'enum', readOnly: true, answered: true, options: ARTICLE_STATUS_OPTIONS },
    { name: 'submitTime', label: '提交时间', type: 'datetime', readOnly: true, answered: true },
    { name: 'lastOpinion', label: '审核意见', type: 'text', readOnly: true, answered: true },
  ],
  list: {
    columns: ['title', 'columnTitle', 'status', 'deptName', 'creatorName', 'submitTime', 'lastOpinion'],
    // The title gets the room; at 1366 px the opinion and the column fold first.
    columnLayout: {
      title: { priority: 1, minWidth: 200 },
      status: { priority: 1, width: 88 },
      deptName: { priority: 2, width: 110 },
      creatorName: { priority: 2, width: 90 },
      submitTime: { priority: 2 },
      columnTitle: { priority: 3, width: 96 },
      lastOpinion: { priority: 3, minWidth: 100 },
    },
    // The list call's own search (startTime / endTime on the submission date, as the reporting app sends).
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      { field: 'submitTime', op: 'range', params: ['startTime', 'endTime'], alwaysOn: true, label: '日期' },
    ],
    // The lists order by the article's update time (`marks.sortField`); the list sends no sort of its own.
    sortable: [],
    defaultSort: { field: 'reportTime', order: 'DESC' },
  },
  permissions: { list: 'report:list', get: 'article:get', create: 'report:add', update: 'report:update', delete: 'report:delete' },
  actions: [
    { name: 'my', label: '我的报送', path: '/api/report/my', permission: 'report:my', scope: 'none' },
    { name: 'role', label: '待我审核', path: '/api/report/role', permission: 'report:role', scope: 'none' },
    // Runs on the server (server/entities/report.ts: the article's review step through the local API); reads its
    // own ids (ids | articleId | id), so scope 'none'. No button of its own: 通过 / 退回 below are its buttons.
    { name: 'audit', label: '审核', path: '/api/report/reportAudit', permission: 'report:audit', scope: 'none', run: true, placement: [] },
    // The screen's row buttons: the article's preview, 通过 / 退回 (the audit call) with the opinion.
    // 报送统计: the statistics (counts per department, month or state) in a dialog from the toolbar.
    { name: 'statistics', label: '报送统计', path: '/api/report/reportDeptList', permission: 'report:list', scope: 'none', placement: ['toolbar'], dialog: 'reportStatistics' },
    { name: 'preview', label: '预览', path: '/api/article/redisByArticleId', method: 'GET', permission: 'article:get', scope: 'row', placement: ['row'], previewOf: 'article' },
    { name: 'pass', label: '通过', path: '/api/report/reportAudit', permission: 'report:audit', scope: 'row', placement: ['row'], confirm: '确定审核通过该报送吗？',
      success: '审核通过', input: opinion(false), call: { values: { status: 1 }, shownWhen: { status: [4, 6] }, title: '提示信息' } },
    { name: 'reject', label: '退回', path: '/api/report/reportAudit', permission: 'report:audit', scope: 'row', placement: ['row'], confirm: '确定退回该报送吗？',
      success: '已退回', input: opinion(true), call: { values: { status: 2 }, shownWhen: { status: [4, 6] }, title: '提示信息' } },
  ],
  ownership,
  menu: { group: 'content', path: '/main/article/report', sort: 12 },
});

/** The opinion asked by 通过 (optional) and 退回 (required), as the review screens ask it (hoisted: used above). */
function opinion(required: boolean): readonly FieldDecl[] {
  return [{ name: 'opinion', label: '审核意见', type: 'textarea', maxLength: 500, ...(required ? { required: true } : {}) }];
}
