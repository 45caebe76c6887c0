import { defineResource, standardPermissions } from './define';

/**
 * 行政区划: the county, its 乡镇/街道 and their 村/社区. /sysArea/list (idDto) answers the children
 * of one area (the county's towns without an id), for address pickers on the public site.
 */
export default defineResource({
  name: 'sysArea',
  table: 'sys_area',
  label: '行政区划',
  icon: 'Map',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/sysArea/page' },
    get: { path: '/sysArea/get', id: 'query' },
    create: { path: '/sysArea/add' },
    update: { path: '/sysArea/add' },
    delete: { path: '/sysArea/dels', ids: 'body' },
    extra: { children: { path: '/sysArea/list', label: '下级区划' } },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'parentId', label: '上级ID', type: 'number', default: 0, min: 0, help: '县为0' },
    { name: 'name', label: '名称', type: 'text', required: true, maxLength: 50 },
    { name: 'code', label: '区划代码', type: 'text', required: true, maxLength: 12, unique: true, help: '12位统计用区划代码' },
    {
      name: 'level',
      label: '级别',
      type: 'enum',
      required: true,
      default: 2,
      options: [
        { value: 1, label: '县' },
        { value: 2, label: '乡镇/街道' },
        { value: 3, label: '村/社区' },
      ],
    },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['name', 'code', 'level', 'parentId', 'sort'],
    filters: [
      { field: 'name', op: 'like', alwaysOn: true },
      { field: 'level', op: 'eq', alwaysOn: true },
      { field: 'parentId', op: 'eq' },
    ],
    sortable: ['code', 'sort', 'name'],
    defaultSort: { field: 'code', order: 'ASC' },
  },
  form: ['parentId', 'name', 'code', 'level', 'sort'],
  permissions: standardPermissions('sysArea'),
  menu: { group: 'system', path: '/main/system/sysArea', sort: 32 },
});
