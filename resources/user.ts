import { defineResource, enabledOptions, standardPermissions } from './define';

const USER_TYPE_NAMES: Record<string, string> = { 0: '普通用户', 1: '管理员' };

/**
 * 用户管理: staff accounts, on the generic routes. The password is a write-only field (hashed by
 * server/entities/user.ts, checked against 密码规则, never answered); the roles are the declared link
 * (`roleIds`, user_roles); the data scope treats the account itself as its own record (`userId`) and its
 * department as the owner. The department, the role grants and the 系统管理员 guards are in the behaviour
 * file, with 重置密码, 解除锁定 and the grant/remove-role calls (declared actions); the data-permission and
 * article-count calls in server/modules/system/org/users.ts.
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
    // Answered, not stored: the declared `answers` below name the department and the roles of every answered user.
    { name: 'deptName', label: '所属部门', type: 'text', readOnly: true, answered: true },
    { name: 'roleName', label: '角色', type: 'text', readOnly: true, answered: true },
    // The shown page's article counts, one /ding/user/articleNum call per page.
    { name: 'articleNum', label: '发文数', type: 'number', readOnly: true, pageCall: { call: 'articleNum', idsParam: 'userIds', fallback: 0 } },
  ],
  list: {
    columns: ['username', 'name', 'mobile', 'deptName', 'roleName', 'articleNum', 'status'],
    // At 1366 px with the menu and the department tree open: names and roles stay, the rest folds by priority.
    columnLayout: {
      username: { priority: 1, width: 110 },
      name: { priority: 1, width: 110 },
      roleName: { priority: 1, minWidth: 110 },
      mobile: { priority: 2, width: 120 },
      deptName: { priority: 2, minWidth: 120 },
      status: { priority: 2, width: 80 },
      articleNum: { priority: 3, width: 72 },
    },
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
  // The password is asked on create only (a write-only field); 重置密码 and 修改本人密码 change it later.
  form: ['username', 'name', 'mobile', 'sex', 'idNumber', 'deptId', 'password', 'ehrNo', 'enterAt', 'positionName', 'userType', 'status'],
  show: ['userId', 'username', 'name', 'mobile', 'sex', 'idNumber', 'deptName', 'roleName', 'dingId', 'ehrNo', 'enterAt', 'positionName', 'userTypeName', 'status', 'createTime', 'updateTime'],
  permissions: standardPermissions('user'),
  // The data scope: SELF sees the own account, DEPART/DEPARTS the accounts of those departments.
  ownership: { department: 'deptId', creator: 'userId' },
  personalLog: { label: '用户', field: 'username' },
  // 所属部门 and the role grants with every answered user (server/crud/answers.ts).
  answers: [
    { name: 'deptName', title: 'deptId' },
    { name: 'roleIds', link: 'roleIds' },
    { name: 'roleNames', link: 'roleIds', value: 'titles' },
    { name: 'roleId', link: 'roleIds', value: 'first' },
    { name: 'roleName', link: 'roleIds', value: 'joined' },
  ],
  links: [{ name: 'roleIds', label: '角色', table: 'user_roles', from: 'userId', to: 'roleId', entity: 'role', missing: '角色不存在' }],
  actions: [
    // The spec's grant and removal calls (roleGrantDto / roleDelDto: userId or userIds, roleId or roleIds), run by
    // the behaviour file through the local API; the screen's 角色 dialog below saves the whole set instead.
    // The declared link's steps (server/crud/linkSteps.ts): { userId | userIds, roleId | roleIds }.
    { name: 'grantRole', label: '授予角色', path: '/ding/user/grant/role', permission: 'user:grant', scope: 'none', placement: [], run: true, success: '授权成功',
      linkStep: { link: 'roleIds', op: 'add', keys: ['userId', 'userIds'], ids: ['roleId', 'roleIds'] } },
    { name: 'delRole', label: '移除角色', path: '/ding/user/del/role', permission: 'user:grant', scope: 'none', placement: [], run: true, success: '移除成功', confirm: '确定移除该用户的角色吗？',
      linkStep: { link: 'roleIds', op: 'remove', keys: ['userId', 'userIds'], ids: ['roleId', 'roleIds'] } },
    // Run by server/entities/user.ts; the generated password is answered once and shown in a dialog.
    { name: 'resetPwd', label: '重置密码', path: '/ding/user/resetPwd', permission: 'user:resetPwd', scope: 'row', confirm: '确定重置该用户的密码吗？',
      run: true, call: { idParam: 'userId' },
      answerDialog: { title: '提示信息', text: '用户 {username} 的新密码：{password}', note: '请将新密码告知用户，该用户下次登录须修改密码。' } },
    // 查看敏感信息: phones and ID numbers in full on a detail view (logged); masked everywhere else (issue 10).
    { name: 'sensitive', label: '查看敏感信息', path: '/ding/user/view', permission: 'sensitive:view', scope: 'row' },
    // 解除锁定 (docs/system-security.md "Lockout"): on the detail view; run by the behaviour file.
    { name: 'unlock', label: '解除锁定', path: '/ding/user/unlock', permission: 'user:resetPwd', scope: 'row', placement: ['show'], run: true, call: { idParam: 'userId' }, success: '已解除锁定' },
    // 角色: the user's roles as checkboxes, saved by the update call (the link's rules, 用户授权, the 系统管理员 guard).
    { name: 'roles', label: '角色', path: '/ding/user/save', permission: 'user:grant', scope: 'row', placement: ['row'], success: '授权成功',
      input: [{ name: 'roleIds', label: '角色', type: 'reference', reference: 'role', many: true }],
      call: { idParam: 'userId', prefillFromRecord: true, title: '分配角色', submit: '保存' } },
  ],
  menu: { group: 'system', path: '/main/system/user', sort: 50 },
});
