import { defineResource } from './define';

/**
 * 通知 (internal notices): published to departments and/or users (the `links` targetDeptIds and
 * targetUserIds, rows of notice_target); each addressee sees them in /notice/my/list (with a read flag) and
 * marks them read (/notice/read). Notices marked public are also listed on the portal (/notice/web/list).
 * list (the inbox with per-user read state, or the outbox), get / add / update / dels on the generic routes,
 * behaviour in server/entities/notice.ts; the public list a declared read; read in server/modules/interaction/notices;
 * see docs/interaction-mail.md. Reminder settings (/notice/set/*) are another resource.
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
  api: {
    // The inbox (default) or, `box: 'outbox'`, the notices the caller may manage: server/entities/notice.ts.
    list: { path: '/notice/my/list', keyBy: { param: 'box', values: { outbox: NOTICE_PERMISSIONS.list }, otherwise: NOTICE_PERMISSIONS.my } },
    get: { path: '/notice/get', id: 'query' },
    create: { path: '/notice/add', withId: 'update', success: '发布成功' },
    update: { path: '/notice/update' },
    delete: { path: '/notice/dels', ids: 'body', orId: true },
    extra: {
      read: { path: '/notice/read', label: '标记已读' },
    },
  },
  // 标记已读: { id } / { noticeId } / { ids } — only notices addressed to the reader (the inbox's listWhere, search box blank).
  userMarks: [{
    name: 'read', label: '标记已读', path: '/notice/read', permission: NOTICE_PERMISSIONS.my, table: 'notice_read', key: 'noticeId', user: 'userId', at: 'readTime',
    ids: 'ids', id: ['noticeId', 'id'], success: '已标记为已读',
  }],
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
    { name: 'targetNames', label: '接收范围', type: 'text', readOnly: true },
    { name: 'readCount', label: '已读人数', type: 'number', readOnly: true, default: 0 },
    { name: 'deptId', label: '所属部门', type: 'reference', reference: 'department', readOnly: true },
    { name: 'deptName', label: '部门名称', type: 'text', readOnly: true },
    { name: 'creatorId', label: '创建人ID', type: 'number', readOnly: true },
    { name: 'creatorName', label: '发布人', type: 'text', readOnly: true },
    { name: 'createTime', label: '发布时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
    // The list's two boxes and the inbox's read state: no columns, answered by the list call (the module).
    {
      name: 'box', label: '通知箱', type: 'enum', readOnly: true, compute: (r) => r.box,
      options: [{ value: 'outbox', label: '已发布通知' }, { value: 'inbox', label: '我的通知' }],
    },
    {
      name: 'readFlag', label: '阅读状态', type: 'enum', readOnly: true, compute: (r) => r.readFlag,
      options: [{ value: 0, label: '未读' }, { value: 1, label: '已读' }],
    },
  ],
  // The addressees and the read count of every answered notice (server/crud/answers.ts); the reader's page drops the addressees.
  answers: [
    { name: 'targetDeptIds', link: 'targetDeptIds' },
    { name: 'targetUserIds', link: 'targetUserIds' },
    { name: 'readCount', count: { table: 'notice_read', key: 'noticeId' } },
  ],
  links: [
    { name: 'targetDeptIds', label: '接收部门', table: 'notice_target', from: 'noticeId', to: 'targetId', entity: 'department', missing: '接收部门不存在', where: { targetType: 'dept' } },
    { name: 'targetUserIds', label: '接收人', table: 'notice_target', from: 'noticeId', to: 'targetId', entity: 'user', missing: '接收人不存在', where: { targetType: 'user' } },
  ],
  list: {
    // No 阅读状态 column: in the outbox it would be the publisher's own read state; the inbox filters by it.
    columns: ['title', 'publisher', 'targetNames', 'isPublic', 'readCount', 'creatorName', 'createTime'],
    filters: [
      { field: 'box', op: 'eq', alwaysOn: true },
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'readFlag', op: 'eq' },
      { field: 'isPublic', op: 'eq' },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['createTime', 'title'],
    defaultSort: { field: 'createTime', order: 'DESC' },
    filterDefaults: { box: 'outbox' },
  },
  form: ['title', 'publisher', 'isPublic', 'targetDeptIds', 'targetUserIds', 'content'],
  permissions: {
    list: NOTICE_PERMISSIONS.list,
    get: NOTICE_PERMISSIONS.get,
    create: NOTICE_PERMISSIONS.create,
    update: NOTICE_PERMISSIONS.update,
    delete: NOTICE_PERMISSIONS.delete,
  },
  // The portal's public notices: only those marked public.
  reads: [{
    name: 'webList', label: '公开通知（公众）', path: '/notice/web/list', where: { isPublic: 1 }, filters: [{ field: 'title', op: 'like' }],
    sort: [{ field: 'createTime', order: 'DESC' }, { field: 'id', order: 'DESC' }], fields: ['id', 'title', 'content', 'publisher', 'createTime'],
  }],
  actions: [{ name: 'my', label: '我的通知', path: '/notice/my/list', permission: NOTICE_PERMISSIONS.my, scope: 'none' }],
  ownership: { department: 'deptId', creator: 'creatorId' },
  menu: { group: 'interact', path: '/main/interact/noticeManage', sort: 60 },
});
