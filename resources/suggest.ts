import { defineResource, standardPermissions } from './define';

/**
 * 建议征集 (suggestions from the public): submitted through /suggest/add with an image code, handled
 * (replied) by staff; handled and public ones are listed on the portal (`reads`). Behaviour in
 * server/entities/suggest.ts; see docs/interaction-forms.md.
 */
export default defineResource({
  name: 'suggest',
  table: 'suggest',
  label: '建议征集',
  icon: 'TipsAndUpdates',
  idField: 'id',
  titleField: 'title',
  api: {
    list: { path: '/suggest/list' },
    get: { path: '/suggest/get', id: 'query' },
    update: { path: '/suggest/add', success: '答复成功' },
    // /suggest/del: the same delete of one suggestion, by `id`.
    delete: { path: '/suggest/dels', ids: 'body', orId: true },
    alsoAt: [{ where: {}, delete: '/suggest/del' }],
    extra: {
      del: { path: '/suggest/del', label: '删除' },
      code: { path: '/suggest/code', method: 'GET', label: '图片验证码' },
      checkcode: { path: '/suggest/checkcode', label: '校验验证码' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '标题', type: 'text', readOnly: true, maxLength: 100 },
    { name: 'content', label: '建议内容', type: 'textarea', readOnly: true, maxLength: 2000 },
    { name: 'name', label: '姓名', type: 'text', readOnly: true },
    { name: 'phone', label: '联系电话', type: 'text', readOnly: true, personal: 'phone' },
    { name: 'email', label: '电子邮箱', type: 'text', readOnly: true },
    { name: 'queryCode', label: '查询码', type: 'text', readOnly: true },
    {
      name: 'status',
      label: '状态',
      type: 'enum',
      readOnly: true,
      default: 0,
      options: [
        { value: 0, label: '未处理' },
        { value: 1, label: '已处理' },
      ],
    },
    {
      name: 'isPublic',
      label: '是否公开',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '不公开' },
        { value: 1, label: '公开' },
      ],
    },
    { name: 'replyDept', label: '处理部门', type: 'text', maxLength: 100 },
    { name: 'replyContent', label: '答复内容', type: 'textarea', maxLength: 5000 },
    { name: 'replyTime', label: '答复时间', type: 'datetime', readOnly: true },
    { name: 'replyUserName', label: '答复人', type: 'text', readOnly: true },
    { name: 'ip', label: '来源IP', type: 'text', readOnly: true },
    { name: 'createTime', label: '提交时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['title', 'name', 'phone', 'queryCode', 'status', 'isPublic', 'replyDept', 'createTime', 'replyTime'],
    // The query code is what a citizen reads out on the phone: it never folds away.
    columnLayout: { queryCode: { priority: 1, width: 130 } },
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      { field: 'queryCode', op: 'eq' },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['createTime', 'replyTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  show: ['title', 'content', 'name', 'phone', 'email', 'queryCode', 'status', 'isPublic', 'createTime', 'replyDept', 'replyContent', 'replyTime', 'replyUserName', 'ip'],
  form: ['replyDept', 'replyContent', 'isPublic'],
  permissions: { ...standardPermissions('suggest'), update: 'suggest:reply' },
  // 处理 / 修改答复: the staff reply is the update call (/suggest/add with the id), asked in a dialog that
  // starts from the record's reply, else the officer's department.
  actions: [
    {
      name: 'reply',
      label: '处理',
      path: '/suggest/add',
      permission: 'suggest:reply',
      scope: 'row',
      placement: ['row', 'show'],
      success: '答复成功',
      input: [
        { name: 'replyDept', label: '处理部门', type: 'text', required: true, maxLength: 100 },
        { name: 'replyContent', label: '答复内容', type: 'textarea', required: true, maxLength: 5000 },
        {
          name: 'isPublic',
          label: '是否公开',
          type: 'enum',
          default: 0,
          help: '公开后建议及答复将在门户网站展示（不含姓名、电话等个人信息）',
          options: [
            { value: 1, label: '公开' },
            { value: 0, label: '不公开' },
          ],
        },
      ],
      call: { prefillFromRecord: true, prefillFromUser: { replyDept: 'deptName' }, title: '处理建议', submit: '提交答复', variant: { when: { status: 1 }, label: '修改答复' } },
    },
  ],
  // /suggest/add without an id: the citizen's submission (server/entities/suggest.ts); with it the staff reply.
  publicOps: [
    { name: 'submit', label: '提交建议', path: '/suggest/add', guard: 'suggest', captcha: true, success: '提交成功，请牢记查询码', onUpdatePath: true,
      captchaPaths: { image: '/suggest/code', check: '/suggest/checkcode' } },
    // /suggest/web/list with queryCode + phone: the visitor's own suggestion, handled or not (the read's lookup).
    { name: 'mine', label: '查看我的建议', path: '/suggest/web/list', guard: 'suggest-query',
      input: [{ name: 'queryCode', label: '查询码（查看自己的建议时）', type: 'text' }, { name: 'phone', label: '提交时填写的联系电话（与查询码一起）', type: 'text' }] },
  ],
  // Public: handled suggestions the visitor agreed to publish (or staff chose to), without personal data.
  reads: [{
    name: 'webList', label: '公开建议（公众）', path: '/suggest/web/list', where: { status: 1, isPublic: 1 }, lookup: { param: 'queryCode', op: 'mine' },
    sort: [{ field: 'replyTime', order: 'DESC' }, { field: 'id', order: 'DESC' }], fields: ['id', 'title', 'content', 'createTime', 'replyDept', 'replyContent', 'replyTime', 'status'],
  }],
  personalLog: { label: '建议征集', field: 'queryCode' },
  menu: { group: 'interact', path: '/main/interact/suggest', sort: 30 },
});
