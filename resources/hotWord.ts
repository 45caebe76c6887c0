import { defineResource, enabledOptions } from './define';

/**
 * 热词: words shown under the portal's search box. 手动设置 words are entered here; 自动统计 words are
 * added by the search (server/modules/system/hotWords) with their search count and start disabled
 * until an editor enables them. The public site reads the enabled ones through /web/hotWord/list.
 */
export default defineResource({
  name: 'hotWord',
  table: 'hot_word',
  label: '热词管理',
  icon: 'TrendingUp',
  idField: 'id',
  titleField: 'word',
  api: {
    list: { path: '/hotWord/list' },
    get: { path: '/hotWord/get', id: 'query' },
    create: { path: '/hotWord/add' },
    update: { path: '/hotWord/add' },
    delete: { path: '/hotWord/dels', ids: 'body' },
    extra: {
      // The public site's words under its search box (a declared read, server/crud/reads/): enabled, by sort, most searched first.
      webList: {
        path: '/web/hotWord/list', label: '门户热词',
        reads: { shape: 'array', who: 'public', where: { status: 1 }, fields: ['id', 'word', 'searchCount'], sort: [{ field: 'sort', order: 'ASC' }, { field: 'searchCount', order: 'DESC' }], size: { param: 'size', default: 10, max: 50 } },
      },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'word', label: '热词', type: 'text', required: true, maxLength: 30, unique: true },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999, help: '数字越小越靠前' },
    { name: 'status', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    {
      name: 'type',
      label: '类型',
      type: 'enum',
      default: 1,
      options: [
        { value: 1, label: '手动设置' },
        { value: 2, label: '自动统计' },
      ],
    },
    { name: 'searchCount', label: '搜索次数', type: 'number', readOnly: true, default: 0 },
    { name: 'creatorName', label: '创建人', type: 'text', readOnly: true },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['word', 'sort', 'status', 'type', 'searchCount', 'createTime'],
    filters: [
      { field: 'word', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      { field: 'type', op: 'eq', alwaysOn: true },
    ],
    sortable: ['word', 'sort', 'searchCount', 'createTime'],
    defaultSort: { field: 'sort', order: 'ASC' },
  },
  form: ['word', 'sort', 'status', 'type'],
  // The header's 热词 line and the search page's 热门搜索: the home page and the site pages are written again
  // after a save or delete (as 首页生成 writes them); article and column pages take them at the next full run.
  republish: ['index', '*'],
  permissions: {
    list: 'hotWord:list',
    get: 'hotWord:get',
    create: 'hotWord:add',
    update: 'hotWord:update',
    delete: 'hotWord:delete',
  },
  menu: { group: 'system', path: '/main/system/hotWord', sort: 85 },
});
