import { defineResource } from './define';

/**
 * 会员中心: citizens registered on the public site (mobile login). Audit of their real-name
 * authentication, freezing (ban) and marking as read. Lists mask the ID number.
 */
export default defineResource({
  name: 'person',
  table: 'person',
  label: '会员中心',
  icon: 'Badge',
  idField: 'puPeopleId',
  titleField: 'name',
  api: {
    list: { path: '/api/person/pageList' },
    get: { path: '/admin/people/getPeopleDetail', id: 'query', idParam: 'puPeopleId' },
  },
  fields: [
    { name: 'puPeopleId', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '姓名', type: 'text', maxLength: 50 },
    { name: 'phone', label: '手机号', type: 'text', maxLength: 20, personal: 'phone' },
    { name: 'idNumber', label: '身份证号', type: 'text', maxLength: 18, personal: 'idNumber' },
    {
      name: 'authType',
      label: '认证类型',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '普通' },
        { value: 1, label: '法人' },
      ],
    },
    { name: 'companyName', label: '单位名称', type: 'text', maxLength: 100 },
    {
      name: 'userStatus',
      label: '用户状态',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '待完善' },
        { value: 1, label: '审核中' },
        { value: 2, label: '已通过' },
        { value: 3, label: '未通过' },
      ],
    },
    {
      name: 'authStatus',
      label: '认证状态',
      type: 'enum',
      default: 'WAIT',
      options: [
        { value: 'WAIT', label: '待认证' },
        { value: 'SUCCESS', label: '认证成功' },
        { value: 'FAIL', label: '认证失败' },
      ],
    },
    {
      name: 'state',
      label: '账号状态',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '正常' },
        { value: 1, label: '冻结' },
      ],
    },
    {
      name: 'readState',
      label: '已读',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '未读' },
        { value: 1, label: '已读' },
      ],
    },
    { name: 'avatar', label: '头像', type: 'image', maxLength: 500 },
    { name: 'idCardImage', label: '证件照片', type: 'image', maxLength: 500 },
    { name: 'auditRemark', label: '审核意见', type: 'text', maxLength: 200 },
    { name: 'banRemark', label: '冻结原因', type: 'text', maxLength: 200 },
    { name: 'auditTime', label: '审核时间', type: 'datetime', readOnly: true },
    { name: 'lastLoginTime', label: '最近登录', type: 'datetime', readOnly: true },
    { name: 'createTime', label: '注册时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['name', 'phone', 'idNumber', 'authType', 'userStatus', 'authStatus', 'state', 'readState', 'createTime'],
    filters: [
      { field: 'name', op: 'like', alwaysOn: true },
      { field: 'phone', op: 'like', alwaysOn: true },
      { field: 'userStatus', op: 'eq', alwaysOn: true },
      { field: 'authStatus', op: 'eq' },
      { field: 'authType', op: 'eq' },
      { field: 'state', op: 'eq' },
      { field: 'readState', op: 'eq' },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['createTime', 'lastLoginTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  // The detail view's count of the member's forum topics (server/crud/answers.ts).
  answers: [{ name: 'themeCount', at: 'get', count: { table: 'theme', key: 'peopleId' } }],
  permissions: { list: 'person:list', get: 'person:get', create: 'person:add', update: 'person:update', delete: 'person:delete' },
  // Served on the generic routes, run by server/entities/person.ts; the calls keep the spec's bodies
  // (`{ puPeopleId, authStatus, remark }`, `{ puPeopleId, state }`, `{ puPeopleId }` or `{ ids }`).
  actions: [
    {
      name: 'peopleAudit',
      label: '审核',
      path: '/admin/people/peopleAudit',
      permission: 'person:audit',
      scope: 'row',
      run: true,
      when: { userStatus: 1 },
      refusal: '该会员不在审核中，不能审核',
      success: '审核成功',
      // Checked by the run (the spec's names in its messages: 缺少必填参数：remark when 不通过 has none).
      input: [
        { name: 'authStatus', label: '审核结果', type: 'enum', default: 'SUCCESS', options: [{ value: 'SUCCESS', label: '通过' }, { value: 'FAIL', label: '不通过' }] },
        { name: 'remark', label: '审核意见', type: 'textarea', maxLength: 200, help: '不通过时必填' },
      ],
      call: { idParam: 'puPeopleId', title: '实名认证审核' },
    },
    {
      name: 'banAudit',
      label: '冻结',
      path: '/admin/people/banAudit',
      permission: 'person:ban',
      scope: 'row',
      run: true,
      confirm: '确定冻结该会员吗？冻结后该会员将被退出登录且不能再登录。',
      success: '冻结成功',
      call: { idParam: 'puPeopleId', values: { state: 1 }, variant: { when: { state: 1 }, label: '解冻', values: { state: 0 }, confirm: '确定解冻该会员吗？', success: '解冻成功' } },
    },
    {
      name: 'readAudit',
      label: '标记已读',
      path: '/admin/people/readAudit',
      permission: 'person:read',
      scope: 'both',
      // Unread ones become read (the generic `sets`); answers how many were named.
      sets: { readState: 1 },
      // The list has no selection (nothing is deleted here): the button is in each unread row.
      placement: ['row', 'show'],
      call: { idParam: 'puPeopleId', shownWhen: { readState: 0 } },
    },
  ],
  // The detail view in full for 查看敏感信息 is logged as 查看敏感信息：会员 <name>.
  personalLog: { label: '会员', field: 'name' },
  menu: { group: 'interact', path: '/main/interact/vipPeople', sort: 76 },
});
