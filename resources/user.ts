import { defineResource, enabledOptions, standardPermissions } from './define';

const USER_TYPE_NAMES: Record<string, string> = { 0: '普通用户', 1: '管理员' };

/**
 * 用户管理: staff accounts, on the generic routes. The password is a write-only field (hashed by
 * server/entities/user.ts, checked against 密码规则, never answered); the roles are the declared link
 * (`roleIds`, user_roles); the data scope treats the account itself as its own record (`userId`) and its
 * department as the owner. The department, the role grants and the 系统管理员 guards are in the behaviour
 * file; the grant/remove-role, data-permission and article-count calls in server/modules/system/org/users.ts.
 */
export default defineResource({
  name: 'user',
  table: 'users',
  label: '用户管理',
  icon: 'People',
  idField: 'userId',
  titleField: 'name',
  api: {
    list: { path: '/ding/user/list' },
    get: { path: '/ding/user/view', id: 'body', idParam: 'userId' },
    create: { path: '/ding/user/save' },
    update: { path: '/ding/user/save' },
    delete: { path: '/ding/user/{id}', ids: 'path', perRecord: true },
    extra: {
      articleNum: { path: '/ding/user/articleNum', label: '发文数量' },
      pwd: { path: '/ding/user/pwd', label: '修改本人密码' },
    },
  },
  fields: [
    { name: 'userId', label: 'ID', type: 'number', readOnly: true },
    { name: 'username', label: '登录名', type: 'text', required: true, maxLength: 50, unique: true,
      pattern: { source: '^[A-Za-z0-9_.@-]{2,50}$', message: '登录名只能包含字母、数字和 _ . @ -，长度2到50个字符' } },
    { name: 'name', label: '姓名', type: 'text', required: true, maxLength: 50 },
    // Create only: the behaviour ignores it on update (passwords change through 重置密码 and 修改本人密码).
    { name: 'password', label: '密码', type: 'text', required: true, writeOnly: { column: 'passwordHash' } },
    { name: 'mobile', label: '手机号', type: 'text', maxLength: 20, personal: 'phone', pattern: { source: '^1\\d{10}$' } },
    {
      name: 'sex',
      label: '性别',
      type: 'enum',
      options: [
        { value: 1, label: '男' },
        { value: 2, label: '女' },
      ],
    },
    { name: 'idNumber', label: '身份证号', type: 'text', maxLength: 18, personal: 'idNumber', pattern: { source: '^\\d{17}[\\dXx]$' } },
    { name: 'deptId', label: '所属部门', type: 'reference', reference: 'department', required: true },
    { name: 'dingId', label: '钉钉ID', type: 'text', maxLength: 64 },
    { name: 'ehrNo', label: '工号', type: 'text', maxLength: 50 },
    { name: 'enterAt', label: '入职日期', type: 'date' },
    { name: 'position', label: '职务编码', type: 'text', maxLength: 50 },
    { name: 'positionName', label: '职务', type: 'text', maxLength: 50 },
    {
      name: 'userType',
      label: '用户类型',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '普通用户' },
        { value: 1, label: '管理员' },
      ],
    },
    { name: 'status', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
    { name: 'userTypeName', label: '用户类型名称', type: 'text', readOnly: true, compute: (r) => USER_TYPE_NAMES[String(r.userType)] ?? '' },
  ],
  list: {
    columns: ['username', 'name', 'mobile', 'deptId', 'positionName', 'status'],
    filters: [
      { field: 'name', op: 'like', alwaysOn: true },
      { field: 'mobile', op: 'like', alwaysOn: true },
      { field: 'username', op: 'like' },
      { field: 'status', op: 'eq', onlyOptions: true },
    ],
    // `deptId` (with its sub-departments) is the behaviour's listWhere; the department tree beside the table sends it.
    treeFilter: { field: 'deptId', tree: 'department' },
    sortable: ['userId', 'username', 'name', 'createTime'],
    defaultSort: { field: 'userId', order: 'ASC' },
  },
  form: ['username', 'name', 'mobile', 'sex', 'idNumber', 'deptId', 'ehrNo', 'enterAt', 'positionName', 'userType', 'status'],
  permissions: standardPermissions('user'),
  // The data scope: SELF sees the own account, DEPART/DEPARTS the accounts of those departments.
  ownership: { department: 'deptId', creator: 'userId' },
  personalLog: { label: '用户', field: 'username' },
  links: [{ name: 'roleIds', label: '角色', table: 'user_roles', from: 'userId', to: 'roleId', entity: 'role', missing: '角色不存在' }],
  actions: [
    { name: 'grantRole', label: '授予角色', path: '/ding/user/grant/role', permission: 'user:grant', scope: 'row' },
    { name: 'delRole', label: '移除角色', path: '/ding/user/del/role', permission: 'user:grant', scope: 'row', confirm: '确定移除该用户的角色吗？' },
    { name: 'resetPwd', label: '重置密码', path: '/ding/user/resetPwd', permission: 'user:resetPwd', scope: 'row', confirm: '确定重置该用户的密码吗？' },
    // 查看敏感信息: phones and ID numbers in full on a detail view (logged); masked everywhere else (issue 10).
    { name: 'sensitive', label: '查看敏感信息', path: '/ding/user/view', permission: 'sensitive:view', scope: 'row' },
  ],
  menu: { group: 'system', path: '/main/system/user', sort: 50 },
});
