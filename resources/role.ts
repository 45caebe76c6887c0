import { defineResource, enabledOptions, standardPermissions } from './define';

/** Data permission of a role (spec part 1 §4): what records its users see. */
export const DATA_SCOPE_OPTIONS = [
  { value: 'SELF', label: '本人' },
  { value: 'DEPART', label: '本部门' },
  { value: 'DEPARTS', label: '本部门及下级' },
  { value: 'ALL', label: '全部' },
] as const;

const DATA_SCOPE_NAMES: Record<string, string> = { SELF: '本人', DEPART: '本部门', DEPARTS: '本部门及下级', ALL: '全部' };

/**
 * 角色管理: roles with their menu/button grants (`links`: role_resources), data permission and members. CRUD
 * on the generic routes; 系统管理员's protections, the department search and the member count in
 * server/entities/role.ts; the grants it holds a declared read; the member and grant calls in server/modules/system/org/.
 */
export default defineResource({
  name: 'role',
  table: 'roles',
  label: '角色管理',
  icon: 'AdminPanelSettings',
  idField: 'roleId',
  titleField: 'name',
  api: {
    list: { path: '/role/list' },
    get: { path: '/role/view', id: 'body', idParam: 'roleId' },
    create: { path: '/role/save' },
    update: { path: '/role/save' },
    delete: { path: '/role/del', ids: 'body', idsParam: 'roleId', perRecord: true },
    extra: {
      resList: { path: '/role/res/list', label: '角色资源', reads: { shape: 'linked', link: 'resourceIds', key: 'roleId', who: 'get' } },
      userList: { path: '/role/user/list', label: '已分配用户' },
      userNotList: { path: '/role/user/not/list', label: '未分配用户' },
      dataUserList: { path: '/role/data/user/list', label: '数据权限用户' },
    },
  },
  fields: [
    { name: 'roleId', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '角色名称', type: 'text', required: true, maxLength: 50 },
    { name: 'roleAlias', label: '角色别名', type: 'text', required: true, maxLength: 50, unique: true },
    { name: 'description', label: '描述', type: 'textarea', maxLength: 200 },
    { name: 'enabled', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    {
      name: 'dingAppKey',
      label: '所属应用',
      type: 'enum',
      default: 'adminSite',
      options: [
        { value: 'adminSite', label: '网站管理系统' },
        { value: 'reportSite', label: '信息报送系统' },
      ],
    },
    { name: 'dataScope', label: '数据权限', type: 'enum', default: 'SELF', options: DATA_SCOPE_OPTIONS },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'dataScopeName', label: '数据权限名称', type: 'text', readOnly: true, compute: (r) => DATA_SCOPE_NAMES[String(r.dataScope)] ?? '' },
    { name: 'isAdmin', label: '系统管理员', type: 'text', readOnly: true, compute: (r) => r.roleAlias === 'admin' },
  ],
  list: {
    // As the screen showed them before the generic list (创建时间 in the show view): the row's five buttons need the room.
    columns: ['name', 'roleAlias', 'dataScope', 'enabled', 'description'],
    columnLayout: { description: { priority: 3 } },
    filters: [{ field: 'name', op: 'like', alwaysOn: true }, { field: 'createTime', op: 'range' }],
    sortable: ['roleId', 'name', 'createTime'],
    defaultSort: { field: 'roleId', order: 'ASC' },
    joins: [{ name: 'userCount', table: 'user_roles', column: 'userId', on: 'roleId', key: 'roleId', count: true }],
  },
  form: ['name', 'roleAlias', 'description', 'enabled', 'dingAppKey', 'dataScope'],
  permissions: standardPermissions('role'),
  // The detail view's member count (the list's is the `userCount` join): server/crud/answers.ts.
  answers: [{ name: 'userCount', count: { table: 'user_roles', key: 'roleId' }, at: 'get' }],
  links: [{ name: 'resourceIds', label: '菜单权限', table: 'role_resources', from: 'roleId', to: 'resourceId', entity: 'menu', missing: '所选菜单不存在或已被删除' }],
  // Row buttons of the generic list (系统管理员's own grants are refused by the server, so not offered).
  actions: [
    // The menu/button checkbox tree (the generic link tree, src/generic/LinkTreeDialog.tsx): one root per app.
    {
      name: 'grant', label: '授权', path: '/resource/role/save', permission: 'role:grant', scope: 'row', placement: ['row'], success: '授权成功',
      linkTree: { title: '菜单授权', submit: '保存授权', tree: { entity: 'menu', call: 'baseTree', groupKey: 'dingAppKey' }, held: 'resList', key: 'roleId', field: 'resourceIds' },
      call: { shownWhen: { isAdmin: 'false' } },
    },
    {
      name: 'grantData',
      label: '数据权限',
      path: '/ding/user/grant/role/data',
      permission: 'role:grant',
      scope: 'row',
      placement: ['row'],
      success: '授权成功',
      input: [{ name: 'dataScope', label: '数据权限', type: 'enum', required: true, options: DATA_SCOPE_OPTIONS, help: '本人：只看本人创建的记录；本部门：所在部门；本部门及下级：所在部门及其全部下级部门；全部：不限。' }],
      call: { idParam: 'roleId', prefillFromRecord: true, shownWhen: { isAdmin: 'false' } },
    },
    // 分配用户 (/main/system/disUser): the role's users and the others (the generic members dialog, src/generic/MembersDialog.tsx).
    {
      name: 'members', label: '用户', path: '/role/user/list', permission: 'role:list', scope: 'row', placement: ['row'],
      members: {
        title: '分配用户', key: 'roleId', entity: 'user', memberKey: 'userId',
        held: { call: 'userList', label: '已分配用户' }, others: { call: 'userNotList', label: '未分配用户' },
        columns: [{ field: 'username', label: '登录名' }, { field: 'name', label: '姓名' }, { field: 'deptName', label: '所属部门' }],
        search: { field: 'name', label: '姓名' },
        add: { action: 'grantRole', label: '分配', success: '分配成功' },
        remove: { action: 'delRole', label: '移除', success: '移除成功', confirm: '确定从角色「{title}」移除用户「{name}」吗？' },
      },
    },
  ],
  menu: { group: 'system', path: '/main/system/role', sort: 40 },
});
