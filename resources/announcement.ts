import { defineResource, ownership, ownershipFields, standardPermissions } from './define';

/** 通知公告: announcements shown on the portal home page; /announcement/add both creates and updates. */
export default defineResource({
  name: 'announcement',
  table: 'announcement',
  label: '通知公告',
  icon: 'Campaign',
  idField: 'id',
  titleField: 'title',
  api: {
    list: { path: '/announcement/list' },
    get: { path: '/announcement/get', id: 'query' },
    create: { path: '/announcement/add' },
    update: { path: '/announcement/add' },
    delete: { path: '/announcement/dels', ids: 'query' },
    // The home page's block: published ones, pinned first (a declared read: server/crud/reads/).
    extra: { top: { path: '/announcement/getTop', label: '置顶公告', reads: { shape: 'array', size: { param: 'size', default: 5, max: 50 }, who: 'public', where: { status: 1 },
      sort: [{ field: 'isTop', order: 'DESC' }, { field: 'sort', order: 'ASC' }, { field: 'publishTime', order: 'DESC' }, { field: 'id', order: 'DESC' }] } } },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 200 },
    {
      name: 'type',
      label: '类型',
      type: 'enum',
      required: true,
      default: 1,
      options: [
        { value: 1, label: '通知' },
        { value: 2, label: '公告' },
        { value: 3, label: '公示' },
      ],
    },
    { name: 'content', label: '内容', type: 'richtext', required: true, maxLength: 200000 },
    { name: 'source', label: '来源', type: 'text', maxLength: 100 },
    { name: 'publishTime', label: '发布时间', type: 'datetime' },
    {
      name: 'isTop',
      label: '置顶',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '否' },
        { value: 1, label: '是' },
      ],
    },
    {
      name: 'status',
      label: '状态',
      type: 'enum',
      default: 1,
      options: [
        { value: 0, label: '草稿' },
        { value: 1, label: '已发布' },
        { value: 2, label: '已下线' },
      ],
    },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    { name: 'readCount', label: '阅读数', type: 'number', readOnly: true, default: 0 },
    ...ownershipFields,
  ],
  list: {
    columns: ['title', 'type', 'isTop', 'status', 'deptName', 'publishTime', 'creatorName'],
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'type', op: 'eq', alwaysOn: true },
      { field: 'status', op: 'eq' },
      { field: 'publishTime', op: 'range' },
    ],
    sortable: ['title', 'publishTime', 'sort', 'createTime'],
    defaultSort: { field: 'publishTime', order: 'DESC' },
  },
  form: ['title', 'type', 'source', 'publishTime', 'isTop', 'status', 'sort', 'content'],
  permissions: standardPermissions('announcement'),
  ownership,
  menu: { group: 'content', path: '/main/article/announcement', sort: 50 },
});
