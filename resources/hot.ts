import { defineResource, enabledOptions, ownership, ownershipFields, standardPermissions } from './define';

/** 热点信息: hot items linked from the portal's "hot topics" block, ordered by `sort`. */
export default defineResource({
  name: 'hot',
  table: 'hot_item',
  label: '热点信息',
  icon: 'Whatshot',
  idField: 'id',
  titleField: 'title',
  api: {
    list: { path: '/hot/list' },
    get: { path: '/hot/get', id: 'query' },
    create: { path: '/hot/add' },
    update: { path: '/hot/add' },
    delete: { path: '/hot/dels', ids: 'body' },
    // The portal's hot-topics block: enabled ones (a declared read: server/crud/reads/).
    extra: { top: { path: '/hot/top', label: '热点排行', reads: { shape: 'array', size: { param: 'size', default: 10, max: 50 }, who: 'public', where: { status: 1 },
      sort: [{ field: 'sort', order: 'ASC' }, { field: 'clickCount', order: 'DESC' }, { field: 'id', order: 'DESC' }] } } },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 200 },
    { name: 'url', label: '链接地址', type: 'url', required: true, maxLength: 500 },
    { name: 'image', label: '图片', type: 'image', maxLength: 500 },
    { name: 'summary', label: '摘要', type: 'textarea', maxLength: 500 },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    { name: 'status', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    { name: 'clickCount', label: '点击数', type: 'number', readOnly: true, default: 0 },
    ...ownershipFields,
  ],
  list: {
    columns: ['title', 'url', 'sort', 'status', 'clickCount', 'deptName', 'createTime'],
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['title', 'sort', 'clickCount', 'createTime'],
    defaultSort: { field: 'sort', order: 'ASC' },
  },
  form: ['title', 'url', 'image', 'summary', 'sort', 'status'],
  permissions: standardPermissions('hot'),
  ownership,
  menu: { group: 'content', path: '/main/article/hot', sort: 60 },
});
