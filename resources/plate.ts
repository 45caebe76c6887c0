import { defineResource, ownershipFields, standardPermissions } from './define';

const NAME = { field: 'name', op: 'like' } as const;
const BY_SORT = [{ field: 'sort', order: 'ASC' }, { field: 'id', order: 'ASC' }] as const;
/** The moderating roles' links (plate_role: plateId → roleId). */
const MODERATED = { table: 'plate_role', key: 'plateId', other: 'roleId' } as const;
const ROLE_PLATES = { scoped: false, filters: [NAME], sort: BY_SORT, fields: ['id', 'name', 'forumName', 'handleDeptName', 'status'] } as const;

/**
 * 论坛版块 (plate): a board of a forum, handled by a department (topics posted there are that
 * department's), moderated by roles (plate roles, /plateRole/*). See docs/interaction-forums.md.
 */
export default defineResource({
  name: 'plate',
  table: 'plate',
  label: '论坛版块',
  icon: 'ViewModule',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/plate/list' },
    get: { path: '/plate/get', id: 'query' },
    create: { path: '/plate/add' },
    update: { path: '/plate/add' },
    delete: { path: '/plate/dels', ids: 'query' },
    extra: {
      // The plates the caller moderates through a role (every plate for an ALL-scope user).
      listByRole: { path: '/plate/listByRole', label: '我管理的版块', reads: { scoped: false, filters: [NAME, { field: 'forumId', op: 'eq' }], sort: BY_SORT, through: { ...MODERATED, caller: 'roleIds', allScope: true } } },
      roleLinks: { path: '/plateRole/list', label: '角色的版块' },
      roleOptions: { path: '/plateRole/optionList', label: '版块选项', reads: { shape: 'options', scoped: false, sort: BY_SORT } },
      // A role's plates and the others, paged (版主设置).
      rolePlates: { path: '/plateRole/pageList', label: '角色管理的版块', reads: { ...ROLE_PLATES, through: { ...MODERATED, param: 'roleId', missing: '请选择角色' } } },
      otherPlates: { path: '/plateRole/not/pagelist', label: '角色未管理的版块', reads: { ...ROLE_PLATES, through: { ...MODERATED, param: 'roleId', missing: '请选择角色', not: true } } },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'forumId', label: '所属论坛', type: 'reference', reference: 'forum', required: true },
    { name: 'forumName', label: '论坛名称', type: 'text', readOnly: true },
    { name: 'name', label: '版块名称', type: 'text', required: true, maxLength: 50 },
    { name: 'description', label: '版块简介', type: 'textarea', maxLength: 500 },
    { name: 'icon', label: '图标', type: 'image', maxLength: 500 },
    { name: 'handleDeptId', label: '负责部门', type: 'reference', reference: 'department' },
    { name: 'handleDeptName', label: '负责部门名称', type: 'text', readOnly: true },
    {
      name: 'needAudit',
      label: '发帖审核',
      type: 'enum',
      default: 1,
      options: [
        { value: 0, label: '无需审核' },
        { value: 1, label: '先审后发' },
      ],
    },
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
    { name: 'themeCount', label: '主题数', type: 'number', readOnly: true, default: 0 },
    // The moderating roles' names (the link `roleIds`, joined by 、), answered with each plate (the export's 版主角色).
    { name: 'roleNames', label: '版主角色', type: 'text', answered: true },
    ...ownershipFields,
  ],
  list: {
    columns: ['name', 'forumName', 'handleDeptName', 'needAudit', 'status', 'themeCount', 'sort'],
    filters: [
      { field: 'name', op: 'like', alwaysOn: true },
      { field: 'forumId', op: 'eq', alwaysOn: true },
      { field: 'status', op: 'eq' },
    ],
    sortable: ['sort', 'createTime', 'themeCount'],
    defaultSort: { field: 'sort', order: 'ASC' },
  },
  form: ['forumId', 'name', 'handleDeptId', 'needAudit', 'status', 'sort', 'icon', 'description'],
  // The moderating roles: set from the role's side by 版主设置, gone with the plate; the get answers them as `roles` (the behaviour).
  links: [{ name: 'roleIds', label: '版主角色', table: 'plate_role', from: 'plateId', to: 'roleId', entity: 'role', missing: '角色不存在', stamp: 'createTime', answered: false }],
  answers: [{ name: 'roleNames', link: 'roleIds', value: 'joined' }],
  permissions: standardPermissions('plate'),
  // The portal's page of an enabled plate.
  reads: [{ name: 'webget', label: '版块详情（公众）', path: '/plate/webget', shape: 'one', where: { status: 1 }, fields: ['id', 'forumId', 'forumName', 'name', 'description', 'icon', 'handleDeptName', 'themeCount'] }],
  actions: [
    // 版主设置: pick a role, tick the plates it moderates (the generic link-pick dialog); the role's plates become
    // exactly those ticked, answered by their number (the link `roleIds` set from the role's side).
    { name: 'plateRole', label: '版主设置', path: '/plateRole/save', permission: 'plate:role', scope: 'none', placement: ['toolbar'], run: true, success: '保存成功',
      linkStep: { link: 'roleIds', op: 'set', reverse: true, keys: ['roleId'], ids: ['plateIds'], missing: '版块不存在', keyMissing: '请选择角色', absentIsEmpty: true, answer: 'count' },
      linkPick: { pick: { entity: 'role', label: '角色' }, choices: 'roleOptions', held: { call: 'roleLinks', field: 'plateId' }, key: 'roleId', field: 'plateIds', empty: '暂无版块' } },
    { name: 'export', label: '导出', path: '/plate/plateRoleExcel', permission: 'plate:export', scope: 'none',
      export: { fileName: '论坛版块', onlyNamed: true, columns: [
        { field: 'name', width: 24 }, { field: 'forumName', header: '所属论坛', width: 20 }, { field: 'handleDeptName', header: '负责部门', width: 20 },
        { field: 'roleNames', width: 30 }, 'needAudit', 'status', { field: 'themeCount', width: 10 },
      ] } },
  ],
  menu: { group: 'interact', path: '/main/interact/plateManage', sort: 71 },
});
