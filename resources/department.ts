import { defineResource, standardPermissions } from './define';

/** 部门 type names, answered with each record as deptTypeName. */
const DEPT_TYPE_NAMES: Record<string, string> = { 0: '区域', 1: '检察院', 2: '妇联' };

/**
 * 部门管理: the department tree (county government → bureaus and towns → units). CRUD on the generic
 * routes with the tree rules (`tree`); behaviour (data scope, top-level rule, counts) in
 * server/entities/department.ts; the tree and flat lists, the option tree, the caller's own department, the
 * detail and the name calls are declared reads (`api.extra` with `reads`). The screen is the generic tree view (src/generic/TreeList.tsx), its tree from the `tree` call.
 */
export default defineResource({
  name: 'department',
  table: 'departments',
  label: '部门管理',
  icon: 'AccountTree',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/ding/dept/list/page', method: 'GET', params: 'query', pagingRequired: true },
    get: { path: '/ding/dept/{id}', method: 'GET', id: 'path' },
    create: { path: '/ding/dept/save' },
    update: { path: '/ding/dept/save' },
    delete: { path: '/ding/dept/{id}', ids: 'path', perRecord: true },
    pageParam: 'pageNumber',
    extra: {
      // Declared reads (server/crud/reads/): the caller's departments (its data scope, the access of
      // server/entities/department.ts) nested or flat, without the top level; the public site's names.
      tree: { path: '/ding/dept/tree', label: '部门树', reads: { shape: 'tree' } },
      // Every enabled department as the pickers' option tree (anyone logged in, whatever his scope).
      data: { path: '/ding/dept/data', label: '部门选项', reads: { shape: 'tree', who: 'staff', scoped: false, where: { state: 0 },
        as: { value: 'id', label: 'name' }, fields: ['value', 'label', 'id', 'name', 'parentId'] } },
      list: { path: '/ding/dept/list', label: '部门列表', reads: { shape: 'array' } },
      listNotAll: { path: '/ding/dept/list/not/all', label: '下级部门列表', reads: { shape: 'array', except: { parentId: 0 } } },
      deptListWeb: { path: '/ding/dept/deptListWeb', label: '门户部门列表', reads: { shape: 'array', who: 'public', where: { state: 0 }, fields: ['id', 'name', 'parentId', 'level'] } },
      themeWeblist: { path: '/ding/dept/themeWeblist', label: '门户办理部门', reads: { shape: 'array', who: 'public', where: { state: 0 }, except: { parentId: 0 }, fields: ['id', 'name', 'parentId', 'level'] } },
      // One department (server/crud/reads/one.ts): the caller's own (null without one), the get's answer by
      // `deptId` or `id`, a name by the path's id; the first and the last for anyone logged in, whatever his scope.
      byUser: { path: '/ding/dept/ByUser', label: '本人部门', reads: { shape: 'one', who: 'staff', scoped: false, mine: 'deptId' } },
      view: { path: '/ding/dept/view', label: '部门详情', reads: { shape: 'one', who: 'get', keys: ['deptId', 'id'], asGet: true } },
      name: { path: '/ding/dept/getName/{id}', method: 'GET', label: '部门名称', reads: { shape: 'one', who: 'staff', scoped: false, keys: ['id'], value: 'name' } },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '部门名称', type: 'text', required: true, maxLength: 100 },
    { name: 'no', label: '部门编号', type: 'text', maxLength: 50 },
    // No default: a create without a parent is a top-level department, which only an ALL user may make.
    { name: 'parentId', label: '上级部门', type: 'reference', reference: 'department' },
    {
      name: 'deptType',
      label: '部门类型',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '区域' },
        { value: 1, label: '检察院' },
        { value: 2, label: '妇联' },
      ],
    },
    { name: 'phone', label: '联系电话', type: 'text', maxLength: 30 },
    { name: 'dingId', label: '钉钉ID', type: 'text', maxLength: 64 },
    { name: 'level', label: '层级', type: 'number', readOnly: true, default: 0 },
    {
      name: 'state',
      label: '状态',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '正常' },
        { value: 1, label: '停用' },
      ],
    },
    {
      name: 'isCount',
      label: '参与统计',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '否' },
        { value: 1, label: '是' },
      ],
    },
    {
      name: 'type',
      label: '单位类别',
      type: 'enum',
      options: [
        { value: 1, label: '机关' },
        { value: 2, label: '部门单位' },
        { value: 3, label: '乡镇街道' },
      ],
    },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    { name: 'desc', label: '部门描述', type: 'textarea', maxLength: 500 },
    { name: 'deptTypeName', label: '部门类型名称', type: 'text', readOnly: true, compute: (r) => DEPT_TYPE_NAMES[String(r.deptType)] ?? '' },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['name', 'no', 'deptType', 'phone', 'state'],
    filters: [
      { field: 'name', op: 'like', alwaysOn: true },
      { field: 'no', op: 'like' },
      { field: 'type', op: 'eq' },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['sort', 'name', 'no'],
    // Tree order: by level, then sort, then id.
    defaultSort: { field: 'level', order: 'ASC' },
    thenBy: () => [{ field: 'sort', order: 'ASC' }, { field: 'id', order: 'ASC' }],
  },
  form: ['name', 'no', 'parentId', 'deptType', 'type', 'phone', 'dingId', 'state', 'isCount', 'sort', 'desc'],
  permissions: standardPermissions('department'),
  // The selected department's parent, users and children (the get answers the counts: server/entities/department.ts).
  // The detail view's parent name and counts (server/crud/answers.ts), shown as its chips.
  answers: [
    { name: 'parentName', title: 'parentId', at: 'get' },
    { name: 'userCount', count: { table: 'users', key: 'deptId' }, at: 'get' },
    { name: 'childCount', count: { table: 'departments', key: 'parentId' }, at: 'get' },
  ],
  showChips: [{ text: '上级：{parentName}', blank: '无' }, { text: '用户 {userCount} 人', blank: '0' }, { text: '下级 {childCount} 个', blank: '0' }],
  tree: {
    parentField: 'parentId',
    levelField: 'level',
    parentMissing: '上级部门不存在',
    cycle: '上级部门不能是本部门或其下级部门',
    hasChildren: '该部门下还有下级部门，不能删除',
    uniqueAmongSiblings: { field: 'name', message: '同一上级部门下已存在部门：{value}' },
    inUse: [{ table: 'users', column: 'deptId', message: '该部门下还有用户，不能删除' }],
  },
  // The departments an application for disclosure may go to (依申请公开's public form; the spec's paths).
  reads: [
    { name: 'applyDepts', label: '受理部门列表', path: '/web/apply/dept/list', shape: 'array', where: {}, fields: ['id', 'name', 'phone', 'parentId'],
      sort: [{ field: 'sort', order: 'ASC' }] },
    { name: 'applyDept', label: '受理部门', path: '/web/apply/dept', shape: 'one', where: {}, fields: ['id', 'name', 'phone', 'desc', 'parentId'] },
  ],
  menu: { group: 'system', path: '/main/system/department', sort: 20 },
});
