import { defineResource } from './define';

/**
 * 网页防篡改记录: one row per file of the generated site the guard found changed, missing or added, and what
 * it did (server/modules/generation/guard). Read-only: the guard writes them; site monitoring lists them.
 */
export default defineResource({
  name: 'siteTamperEvent',
  table: 'site_tamper_event',
  label: '防篡改记录',
  icon: 'GppMaybe',
  idField: 'id',
  titleField: 'path',
  api: {
    list: { path: '/website/tamper/list' },
    get: { path: '/website/tamper/get', id: 'query' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'path', label: '文件', type: 'text', maxLength: 512 },
    {
      name: 'kind',
      label: '发现',
      type: 'enum',
      options: [
        { value: 'altered', label: '被修改' },
        { value: 'removed', label: '被删除' },
        { value: 'added', label: '被添加' },
      ],
    },
    {
      name: 'action',
      label: '处理',
      type: 'enum',
      options: [
        { value: 'restored', label: '已恢复' },
        { value: 'quarantined', label: '已隔离' },
        { value: 'failed', label: '处理失败' },
      ],
    },
    { name: 'expectedHash', label: '发布时的SHA-256', type: 'text', maxLength: 64 },
    { name: 'foundHash', label: '发现时的SHA-256', type: 'text', maxLength: 64 },
    { name: 'message', label: '说明', type: 'text', maxLength: 500 },
    { name: 'checkTime', label: '检测时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['checkTime', 'path', 'kind', 'action', 'message'],
    filters: [
      { field: 'path', op: 'like', alwaysOn: true },
      { field: 'kind', op: 'eq', alwaysOn: true },
      { field: 'action', op: 'eq', alwaysOn: true },
      { field: 'checkTime', op: 'range', alwaysOn: true },
    ],
    sortable: ['checkTime', 'path'],
    defaultSort: { field: 'checkTime', order: 'DESC' },
  },
  form: [],
  permissions: { list: 'siteTamperEvent:list', get: 'siteTamperEvent:get', create: 'siteTamperEvent:add', update: 'siteTamperEvent:update', delete: 'siteTamperEvent:delete' },
  menu: { group: 'siteMonitoring', path: '/main/siteMonitoring/tamperEvent', sort: 25 },
});
