import { defineResource } from './define';

/**
 * 通知 (internal notices): published to departments and/or users; each addressee sees them in
 * /notice/my/list (with a read flag) and marks them read (/notice/read). Notices marked public are also
 * listed on the portal (/notice/web/list). Served by server/modules/interaction/notices; see
 * docs/interaction-mail.md. Reminder settings (/notice/set/*) are another resource.
 */
export const NOTICE_PERMISSIONS = {
  list: 'notice:list',
  get: 'notice:get',
  create: 'notice:add',
  update: 'notice:update',
  delete: 'notice:delete',
  my: 'notice:my',
} as const;

export default defineResource({
  name: 'notice',
  table: 'notice',
  label: '通知管理',
  icon: 'Campaign',
  idField: 'id',
  titleField: 'title',
  routes: 'module',
  api: {
    list: { path: '/notice/my/list' },
    get: { path: '/notice/get', id: 'query' },
    create: { path: '/notice/add' },
    update: { path: '/notice/update' },
    delete: { path: '/notice/dels', ids: 'body' },
    extra: {
      read: { path: '/notice/read', label: '标记已读' },
      webList: { path: '/notice/web/list', label: '公开通知（公众）' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 200 },
    { name: 'content', label: '内容', type: 'richtext', required: true, maxLength: 100000 },
    { name: 'publisher', label: '发布单位', type: 'text', maxLength: 100 },
    {
      name: 'isPublic',
      label: '在门户公开',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '否' },
        { value: 1, label: '是' },
      ],
    },
    { name: 'targetDeptIds', label: '接收部门', type: 'text', help: '部门ID，逗号分隔' },
    { name: 'targetUserIds', label: '接收人', type: 'text', help: '用户ID，逗号分隔' },
    { name: 'targetNames', label: '接收范围', type: 'text', readOnly: true },
    { name: 'readCount', label: '已读人数', type: 'number', readOnly: true, default: 0 },
    { name: 'deptId', label: '所属部门', type: 'reference', reference: 'department', readOnly: true },
    { name: 'deptName', label: '部门名称', type: 'text', readOnly: true },
    { name: 'creatorId', label: '创建人ID', type: 'number', readOnly: true },
    { name: 'creatorName', label: '发布人', type: 'text', readOnly: true },
    { name: 'createTime', label: '发布时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['title', 'publisher', 'targetNames', 'isPublic', 'creatorName', 'createTime'],
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'isPublic', op: 'eq' },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['createTime', 'title'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  form: ['title', 'publisher', 'isPublic', 'targetDeptIds', 'targetUserIds', 'content'],
  permissions: {
    list: NOTICE_PERMISSIONS.list,
    get: NOTICE_PERMISSIONS.get,
    create: NOTICE_PERMISSIONS.create,
    update: NOTICE_PERMISSIONS.update,
    delete: NOTICE_PERMISSIONS.delete,
  },
  actions: [{ name: 'my', label: '我的通知', path: '/notice/my/list', permission: NOTICE_PERMISSIONS.my, scope: 'none' }],
  ownership: { department: 'deptId', creator: 'creatorId' },
  menu: { group: 'interact', path: '/main/interact/noticeManage', sort: 60 },
});
