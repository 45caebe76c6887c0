import { defineResource, ownershipFields, standardPermissions } from './define';

/** 论坛: the top level of the public forum (论坛 → 版块 → 主题). See docs/interaction-forums.md. */
export default defineResource({
  name: 'forum',
  table: 'forum',
  label: '论坛管理',
  icon: 'Forum',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/forum/list' },
    get: { path: '/forum/get', id: 'query' },
    create: { path: '/forum/add' },
    update: { path: '/forum/add' },
    delete: { path: '/forum/dels', ids: 'query' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '论坛名称', type: 'text', required: true, maxLength: 50 },
    { name: 'description', label: '简介', type: 'textarea', maxLength: 500 },
    { name: 'icon', label: '图标', type: 'image', maxLength: 500 },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    {
      name: 'status',
      label: '状态',
      type: 'enum',
      default: 1,
      options: [
        { value: 0, label: '停用' },
        { value: 1, label: '启用' },
      ],
    },
    ...ownershipFields,
  ],
  list: {
    columns: ['name', 'status', 'sort', 'creatorName', 'createTime'],
    filters: [
      { field: 'name', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
    ],
    sortable: ['sort', 'createTime', 'name'],
    defaultSort: { field: 'sort', order: 'ASC' },
  },
  form: ['name', 'status', 'sort', 'icon', 'description'],
  permissions: standardPermissions('forum'),
  // The portal's forums: each enabled forum with its enabled plates.
  reads: [{
    name: 'weblist', label: '论坛列表（公众）', path: '/forum/weblist', where: { status: 1 }, filters: [{ field: 'name', op: 'like' }],
    sort: [{ field: 'sort', order: 'ASC' }, { field: 'id', order: 'ASC' }], fields: ['id', 'name', 'description', 'icon', 'sort'],
    nested: { name: 'plates', table: 'plate', key: 'forumId', where: { status: 1 }, sort: [{ field: 'sort', order: 'ASC' }, { field: 'id', order: 'ASC' }], fields: ['id', 'forumId', 'name', 'description', 'icon', 'themeCount', 'sort'] },
  }],
  menu: { group: 'interact', path: '/main/interact/forumManage', sort: 70 },
});
