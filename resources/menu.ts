import { defineResource, standardPermissions } from './define';

export const MENU_TYPE_OPTIONS = [
  { value: 'Catalogue', label: '目录' },
  { value: 'Menu', label: '菜单' },
  { value: 'Button', label: '按钮' },
] as const;

export const APP_OPTIONS = [
  { value: 'adminSite', label: '网站管理系统' },
  { value: 'reportSite', label: '信息报送系统' },
] as const;

/**
 * 菜单管理: the menu/permission tree of both apps (server/modules/system/org/menus.ts, paths /resource/*).
 * What /menu/list answers and what canAccess checks: a Button's alias is a permission key.
 */
export default defineResource({
  name: 'menu',
  table: 'resources',
  label: '菜单管理',
  icon: 'MenuOpen',
  idField: 'id',
  titleField: 'name',
  routes: 'module',
  api: {
    list: { path: '/resource/tree', shape: 'array' },
    get: { path: '/resource/res/view', id: 'body' },
    create: { path: '/resource/res/save' },
    update: { path: '/resource/res/edit' },
    delete: { path: '/resource/res/del', ids: 'body', idsParam: 'id', perRecord: true },
    extra: {
      baseTree: { path: '/resource/base/tree', label: '资源树' },
      roleList: { path: '/resource/role/list', label: '角色资源' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '名称', type: 'text', required: true, maxLength: 50 },
    { name: 'alias', label: '别名（权限标识）', type: 'text', required: true, maxLength: 100 },
    { name: 'type', label: '类型', type: 'enum', required: true, default: 'Menu', options: MENU_TYPE_OPTIONS },
    { name: 'parentId', label: '上级', type: 'reference', reference: 'menu', default: 0 },
    { name: 'icon', label: '图标', type: 'text', maxLength: 50 },
    { name: 'url', label: '路由地址', type: 'text', maxLength: 200 },
    { name: 'dingAppKey', label: '所属应用', type: 'enum', required: true, default: 'adminSite', options: APP_OPTIONS },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
  ],
  list: {
    columns: ['name', 'alias', 'type', 'url', 'sort'],
    filters: [{ field: 'dingAppKey', op: 'eq', alwaysOn: true }],
    sortable: ['sort'],
    defaultSort: { field: 'sort', order: 'ASC' },
  },
  form: ['dingAppKey', 'type', 'parentId', 'name', 'alias', 'icon', 'url', 'sort'],
  permissions: standardPermissions('menu'),
  menu: { group: 'system', path: '/main/system/getMenu', sort: 10 },
});
