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

const TYPE_NAMES: Record<string, string> = { Catalogue: '目录', Menu: '菜单', Button: '按钮' };
/** An entry as the role screen's grant calls answer it. */
const GRANT_FIELDS = ['id', 'parentId', 'name', 'alias', 'icon', 'type', 'typeName', 'url', 'dingAppKey', 'sort'];

/**
 * 菜单管理: the menu/permission tree of both apps (paths /resource/*). What /menu/list answers and what
 * canAccess checks: a Button's alias is a permission key. CRUD and the tree on the generic routes (`tree`,
 * list `shape: 'tree'`); placement rules, unique aliases and grants in server/entities/menu.ts; a role's entries
 * a declared read, saving them server/modules/system/org/menus.ts.
 */
export default defineResource({
  name: 'menu',
  table: 'resources',
  label: '菜单管理',
  icon: 'MenuOpen',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/resource/tree', shape: 'tree' },
    get: { path: '/resource/res/view', id: 'body' },
    // resSaveDto creates; with an id it updates (menu:update), like resEditDto.
    create: { path: '/resource/res/save', withId: 'update' },
    update: { path: '/resource/res/edit' },
    delete: { path: '/resource/res/del', ids: 'body', idsParam: 'id', perRecord: true },
    extra: {
      // The role screen's grant tree (server/crud/reads/): one root per app, then its Catalogues, Menus and Buttons.
      baseTree: { path: '/resource/base/tree', label: '资源树', reads: { shape: 'tree', permission: 'role:get', roots: { field: 'dingAppKey', label: 'name' },
        filters: [{ field: 'dingAppKey', op: 'eq', onlyOptions: true }], fields: GRANT_FIELDS } },
      // A role's menus and buttons as rows (1003 for an unknown role): a declared read over the role's link table.
      roleList: { path: '/resource/role/list', label: '角色资源', reads: { shape: 'array', permission: 'role:get', scoped: false, required: ['roleId'],
        through: { table: 'role_resources', key: 'resourceId', other: 'roleId', param: 'roleId', exists: { table: 'roles', key: 'roleId' } },
        sort: [{ field: 'id', order: 'ASC' }], fields: GRANT_FIELDS } },
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
    { name: 'typeName', label: '类型名称', type: 'text', readOnly: true, compute: (r) => TYPE_NAMES[String(r.type)] ?? '' },
  ],
  list: {
    columns: ['name', 'alias', 'type', 'url', 'sort'],
    filters: [
      { field: 'dingAppKey', op: 'eq', alwaysOn: true, onlyOptions: true },
      { field: 'name', op: 'like', orFields: ['alias'] },
      { field: 'type', op: 'eq' },
    ],
    sortable: ['sort'],
    defaultSort: { field: 'sort', order: 'ASC' },
  },
  form: ['dingAppKey', 'type', 'parentId', 'name', 'alias', 'icon', 'url', 'sort'],
  permissions: standardPermissions('menu'),
  // The detail view's parent name (server/crud/answers.ts).
  answers: [{ name: 'parentName', title: 'parentId', at: 'get' }],
  tree: {
    parentField: 'parentId',
    parentMissing: '上级菜单不存在',
    cycle: '上级菜单不能是本菜单或其下级',
    hasChildren: '该菜单下还有下级菜单，不能删除',
    // 新增目录 at the top, a Menu under a Catalogue, a Button under a Menu; a Button has no children.
    kinds: { field: 'type', top: 'Catalogue', childOf: { Catalogue: 'Menu', Menu: 'Button' } },
  },
  menu: { group: 'system', path: '/main/system/getMenu', sort: 10 },
});
