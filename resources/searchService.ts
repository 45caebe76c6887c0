import { defineResource, enabledOptions, standardPermissions } from './define';

/**
 * 搜索即服务: a service entry (办事入口) shown above the results of searches for its keywords (社保 → 社会保险
 * 参保登记), on the portal's search page and in the search API's `services` (with `sortType`).
 */
export default defineResource({
  name: 'searchService',
  table: 'search_service',
  label: '搜索服务直达',
  icon: 'RoomService',
  idField: 'id',
  titleField: 'title',
  api: {
    list: { path: '/searchService/list' },
    get: { path: '/searchService/get', id: 'query' },
    create: { path: '/searchService/add' },
    update: { path: '/searchService/update' },
    delete: { path: '/searchService/dels', ids: 'body' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'keywords', label: '关键词', type: 'text', required: true, maxLength: 200, help: '搜索词包含其中任一关键词（或其同义词）时显示，用逗号、顿号或空格分隔' },
    { name: 'title', label: '服务名称', type: 'text', required: true, maxLength: 60 },
    { name: 'link', label: '办事链接', type: 'url', required: true, maxLength: 500 },
    { name: 'answer', label: '简要答复', type: 'textarea', maxLength: 300 },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999, help: '数字越小越靠前' },
    { name: 'status', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['title', 'keywords', 'link', 'sort', 'status', 'updateTime'],
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'keywords', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
    ],
    sortable: ['title', 'sort', 'updateTime'],
    defaultSort: { field: 'sort', order: 'ASC' },
  },
  form: ['title', 'keywords', 'link', 'answer', 'sort', 'status'],
  permissions: standardPermissions('searchService'),
  menu: { group: 'system', path: '/main/system/searchService', sort: 87 },
});
