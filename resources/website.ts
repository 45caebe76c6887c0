import { defineResource, ownership, ownershipFields, standardPermissions } from './define';

/** 网站: sites the monitoring screens watch (this portal, department and township sites, links). */
export default defineResource({
  name: 'website',
  table: 'website',
  label: '网站管理',
  icon: 'Language',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/website/list' },
    get: { path: '/website/get', id: 'query' },
    create: { path: '/website/add' },
    update: { path: '/website/add' },
    delete: { path: '/website/del', ids: 'query' },
    extra: { stateList: { path: '/website/state/list', label: '运行状态' } },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '网站名称', type: 'text', required: true, maxLength: 100 },
    { name: 'url', label: '网址', type: 'url', required: true, maxLength: 500, unique: true },
    {
      name: 'type',
      label: '网站类型',
      type: 'enum',
      required: true,
      default: 2,
      options: [
        { value: 1, label: '本站' },
        { value: 2, label: '部门网站' },
        { value: 3, label: '乡镇网站' },
        { value: 4, label: '外部链接' },
      ],
    },
    { name: 'checkInterval', label: '检测间隔（分钟）', type: 'number', default: 60, min: 5, max: 1440 },
    {
      name: 'state',
      label: '运行状态',
      type: 'enum',
      readOnly: true,
      default: 0,
      options: [
        { value: 0, label: '未检测' },
        { value: 1, label: '正常' },
        { value: 2, label: '异常' },
      ],
    },
    { name: 'lastCheckTime', label: '最近检测时间', type: 'datetime', readOnly: true },
    { name: 'responseMs', label: '响应时间（毫秒）', type: 'number', readOnly: true },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 500 },
    ...ownershipFields,
  ],
  list: {
    columns: ['name', 'url', 'type', 'state', 'lastCheckTime', 'responseMs', 'deptName'],
    filters: [
      { field: 'name', op: 'like', alwaysOn: true },
      { field: 'type', op: 'eq', alwaysOn: true },
      { field: 'state', op: 'eq' },
    ],
    sortable: ['name', 'sort', 'lastCheckTime', 'createTime'],
    defaultSort: { field: 'sort', order: 'ASC' },
  },
  form: ['name', 'url', 'type', 'checkInterval', 'sort', 'remark'],
  permissions: standardPermissions('website'),
  ownership,
  menu: { group: 'siteMonitoring', path: '/main/siteMonitoring/monitorAndManager', sort: 10 },
});
