import { defineResource, enabledOptions, ownership, ownershipFields, standardPermissions } from './define';

/** 热门推荐 (popula): popular services and topics shown as a block on the portal's home page. */
export default defineResource({
  name: 'popula',
  table: 'popula_item',
  label: '热门推荐',
  icon: 'Star',
  idField: 'id',
  titleField: 'title',
  api: {
    list: { path: '/popula/list' },
    get: { path: '/popula/get', id: 'query' },
    create: { path: '/popula/add' },
    update: { path: '/popula/add' },
    delete: { path: '/popula/dels', ids: 'body' },
    extra: { webList: { path: '/popula/web/list', label: '门户列表' } },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 100 },
    {
      name: 'type',
      label: '类别',
      type: 'enum',
      required: true,
      default: 1,
      options: [
        { value: 1, label: '办事服务' },
        { value: 2, label: '政策解读' },
        { value: 3, label: '便民查询' },
        { value: 4, label: '专题专栏' },
      ],
    },
    { name: 'url', label: '链接地址', type: 'url', required: true, maxLength: 500 },
    { name: 'icon', label: '图标', type: 'image', maxLength: 500 },
    { name: 'summary', label: '简介', type: 'textarea', maxLength: 300 },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    { name: 'status', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    ...ownershipFields,
  ],
  list: {
    columns: ['title', 'type', 'url', 'sort', 'status', 'createTime'],
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'type', op: 'eq', alwaysOn: true },
      { field: 'status', op: 'eq' },
    ],
    sortable: ['title', 'sort', 'createTime'],
    defaultSort: { field: 'sort', order: 'ASC' },
  },
  form: ['title', 'type', 'url', 'icon', 'summary', 'sort', 'status'],
  permissions: standardPermissions('popula'),
  ownership,
  menu: { group: 'content', path: '/main/article/popula', sort: 62 },
});
