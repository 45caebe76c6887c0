import { defineResource, standardPermissions } from './define';

/**
 * 应用信息: the two client applications (adminSite, reportSite) and what their login pages and title
 * bars show. GET /api/app/view?appId= is public (a login page reads it before anyone logs in);
 * /api/app/edit changes one.
 */
export default defineResource({
  name: 'appInfo',
  table: 'app_info',
  label: '应用信息',
  icon: 'Apps',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/api/app/list' },
    get: { path: '/api/app/get', id: 'query' },
    update: { path: '/api/app/edit' },
    // Public: the shell's title bar reads its app's 系统名称 (src/layout/appName.ts).
    extra: { view: { path: '/api/app/view', method: 'GET', params: 'query', label: '应用名称' } },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'appId', label: '应用标识', type: 'text', readOnly: true },
    { name: 'name', label: '系统名称', type: 'text', required: true, maxLength: 50 },
    { name: 'loginTitle', label: '登录页标题', type: 'text', maxLength: 100 },
    { name: 'logo', label: '标志图片', type: 'image', maxLength: 500 },
    { name: 'copyright', label: '版权信息', type: 'text', maxLength: 200 },
    { name: 'contact', label: '技术支持电话', type: 'text', maxLength: 50 },
    { name: 'remark', label: '说明', type: 'textarea', maxLength: 500 },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['appId', 'name', 'loginTitle', 'copyright', 'updateTime'],
    filters: [{ field: 'name', op: 'like', alwaysOn: true }],
    sortable: ['appId'],
    defaultSort: { field: 'appId', order: 'ASC' },
  },
  form: ['name', 'loginTitle', 'logo', 'copyright', 'contact', 'remark'],
  permissions: standardPermissions('appInfo'),
  menu: { group: 'system', path: '/main/system/appInfo', sort: 12 },
});
