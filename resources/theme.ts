import { defineResource, ownership, ownershipFields, standardPermissions } from './define';

/** Comment status (spec part 1 §4). */
export const commentStatusOptions = [
  { value: 0, label: '未审核' },
  { value: 1, label: '审核通过' },
  { value: 2, label: '审核不通过' },
  { value: 3, label: '待定' },
] as const;

/**
 * 论坛主题 / 网络问政: one table for three channels — `bbs` (forum topics on plates, /theme/*),
 * `ll` (领导留言, /ll/theme/* and /llweb/theme/*) and `xax` (县长信箱, /xax/theme/* and /xaxweb/theme/*).
 * `deptId` is the handling department (set by transfer or by the plate), so data scopes apply.
 * Statuses and flows: docs/interaction-forums.md.
 */
export default defineResource({
  name: 'theme',
  table: 'theme',
  label: '论坛主题',
  icon: 'QuestionAnswer',
  idField: 'id',
  titleField: 'title',
  api: {
    list: { path: '/theme/list' },
    get: { path: '/theme/get', id: 'query' },
    create: { path: '/theme/add' },
    delete: { path: '/theme/dels', ids: 'query' },
    extra: {
      transfer: { path: '/theme/transfer', label: '转办' },
      examineAll: { path: '/theme/examineAll', label: '批量办结' },
      // 县长信箱 (xax) has its own staff calls; 领导留言 and forum topics use the declared actions (/ll/theme/*).
      xaxUpdate: { path: '/xax/theme/update', label: '修改（县长信箱）' },
      xaxShow: { path: '/xax/theme/themeAuditShow', label: '审核/公开（县长信箱）' },
      xaxReply: { path: '/xax/theme/reply/save', label: '回复（县长信箱）' },
      countExcel: { path: '/theme/themeCountExcel', label: '导出统计' },
      monthHistory: { path: '/admin/themeCount/listByMonth', label: '月度统计' },
      monthHistoryExcel: { path: '/admin/themeCount/listByMonthExcel', label: '导出月度统计' },
      addMonthHistory: { path: '/themeCount/addMonthHistoryThemeCount', label: '生成月度统计' },
    },
    // The channels' own copies: a /ll/theme/* get or delete also finds forum topics (bbs), its list does not.
    alsoAt: [
      { where: { channel: 'll' }, list: '/ll/theme/list' },
      { where: { channel: ['ll', 'bbs'] }, get: '/ll/theme/get', delete: '/ll/theme/dels' },
      { where: { channel: 'xax' }, list: '/xax/theme/list', get: '/xax/theme/get', delete: '/xax/theme/dels' },
    ],
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    {
      name: 'channel',
      label: '渠道',
      type: 'enum',
      default: 'bbs',
      options: [
        { value: 'bbs', label: '论坛' },
        { value: 'll', label: '领导留言' },
        { value: 'xax', label: '县长信箱' },
      ],
    },
    { name: 'forumId', label: '所属论坛', type: 'reference', reference: 'forum', readOnly: true },
    { name: 'plateId', label: '所属版块', type: 'reference', reference: 'plate' },
    { name: 'plateName', label: '版块名称', type: 'text', readOnly: true },
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 100 },
    { name: 'content', label: '内容', type: 'textarea', required: true, maxLength: 5000 },
    {
      name: 'type',
      label: '类型',
      type: 'enum',
      default: 0,
      readOnly: true,
      options: [
        { value: 0, label: '主题' },
        { value: 1, label: '评论' },
        { value: 2, label: '回复' },
      ],
    },
    { name: 'status', label: '审核状态', type: 'enum', readOnly: true, default: 0, options: commentStatusOptions },
    {
      name: 'isShow',
      label: '是否公开显示',
      type: 'enum',
      readOnly: true,
      default: 0,
      options: [
        { value: 0, label: '不显示' },
        { value: 1, label: '显示' },
      ],
    },
    {
      name: 'isOpen',
      label: '留言人同意公开',
      type: 'enum',
      default: 1,
      options: [
        { value: 0, label: '不同意' },
        { value: 1, label: '同意' },
      ],
    },
    {
      name: 'isRecommend',
      label: '推荐',
      type: 'enum',
      readOnly: true,
      default: 0,
      options: [
        { value: 0, label: '否' },
        { value: 1, label: '是' },
      ],
    },
    {
      name: 'replyState',
      label: '回复状态',
      type: 'enum',
      readOnly: true,
      default: 0,
      options: [
        { value: 0, label: '未回复' },
        { value: 1, label: '已回复' },
      ],
    },
    {
      name: 'handleState',
      label: '办理状态',
      type: 'enum',
      readOnly: true,
      default: 0,
      options: [
        { value: 0, label: '办理中' },
        { value: 1, label: '已办结' },
      ],
    },
    { name: 'queryCode', label: '查询码', type: 'text', readOnly: true },
    { name: 'name', label: '留言人', type: 'text', maxLength: 50 },
    { name: 'phone', label: '联系电话', type: 'text', maxLength: 20, personal: 'phone' },
    { name: 'email', label: '电子邮箱', type: 'text', maxLength: 100 },
    { name: 'peopleId', label: '会员ID', type: 'number', readOnly: true },
    { name: 'ip', label: 'IP', type: 'text', readOnly: true },
    { name: 'readCount', label: '浏览数', type: 'number', readOnly: true, default: 0 },
    { name: 'replyCount', label: '回复数', type: 'number', readOnly: true, default: 0 },
    { name: 'auditRemark', label: '审核意见', type: 'text', readOnly: true },
    { name: 'auditTime', label: '审核时间', type: 'datetime', readOnly: true },
    { name: 'transferRemark', label: '转办说明', type: 'text', readOnly: true },
    { name: 'transferTime', label: '转办时间', type: 'datetime', readOnly: true },
    { name: 'firstReplyTime', label: '首次回复时间', type: 'datetime', readOnly: true },
    { name: 'examineTime', label: '办结时间', type: 'datetime', readOnly: true },
    ...ownershipFields,
  ],
  list: {
    columns: ['title', 'channel', 'plateName', 'name', 'status', 'isShow', 'replyState', 'handleState', 'deptName', 'createTime'],
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'channel', op: 'eq', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      { field: 'plateId', op: 'eq' },
      { field: 'forumId', op: 'eq' },
      { field: 'replyState', op: 'eq' },
      { field: 'handleState', op: 'eq' },
      { field: 'isRecommend', op: 'eq' },
      { field: 'deptId', op: 'eq' },
      { field: 'peopleId', op: 'eq' },
      { field: 'queryCode', op: 'eq' },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['createTime', 'readCount', 'replyCount', 'updateTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  // A staff post is a forum topic on a plate (the behaviour sets the channel).
  form: ['plateId', 'title', 'name', 'phone', 'isOpen', 'content'],
  permissions: standardPermissions('theme'),
  // The staff's steps run on the server (server/entities/theme/staff.ts, replies.ts). The /ll/theme/* calls
  // serve forum topics (bbs) too; the 县长信箱 copies (/xax/theme/*) are the same actions for its channel.
  actions: [
    { name: 'update', label: '修改', path: '/ll/theme/update', permission: 'theme:update', scope: 'row', run: true, republish: true, alsoAt: [{ path: '/xax/theme/update', values: { family: 'xax' } }] },
    { name: 'audit', label: '审核', path: '/ll/theme/themeAudit', permission: 'theme:audit', scope: 'both', run: true, republish: true },
    { name: 'show', label: '公开', path: '/ll/theme/themeAuditShow', permission: 'theme:show', scope: 'both', run: true, republish: true, alsoAt: [{ path: '/xax/theme/themeAuditShow', values: { family: 'xax' } }] },
    // 转办 from the screen goes to /theme/transfer (every channel); the department by its path in the tree.
    { name: 'transfer', label: '转办', path: '/ll/theme/themeTransfer', permission: 'theme:transfer', scope: 'both', run: true, success: '转办成功',
      alsoAt: [{ path: '/xax/theme/themeTransfer', values: { family: 'xax' } }, { path: '/theme/transfer', values: { family: 'all' } }],
      call: { title: '转办主题', at: '/theme/transfer', shownWhen: { status: 1, handleState: 0 } },
      input: [
        { name: 'deptId', label: '办理部门', type: 'number', required: true, choicesFrom: { path: '/ding/dept/data', value: 'value', label: 'label', children: 'children', search: true } },
        { name: 'remark', label: '转办说明', type: 'textarea' },
      ] },
    { name: 'reply', label: '回复', path: '/ll/theme/reply/save', permission: 'theme:reply', scope: 'none', run: true, alsoAt: [{ path: '/xax/theme/reply/save', values: { family: 'xax' } }] },
    { name: 'replyAudit', label: '回复审核', path: '/ll/theme/themeReplyAudit', permission: 'theme:replyAudit', scope: 'none', run: true, republish: true },
    { name: 'replyDelete', label: '删除回复', path: '/ll/theme/reply/delete', permission: 'theme:reply', scope: 'none', run: true, republish: true, alsoAt: [{ path: '/xax/theme/reply/delete', values: { family: 'xax' } }] },
    { name: 'examine', label: '办结', path: '/theme/examine', permission: 'theme:examine', scope: 'both', run: true },
    { name: 'recommend', label: '推荐', path: '/theme/themeRecommend', permission: 'theme:recommend', scope: 'both', run: true },
    { name: 'export', label: '导出', path: '/ll/theme/themeExcel', permission: 'theme:export', scope: 'none' },
    { name: 'count', label: '统计', path: '/theme/themeCountList', permission: 'theme:count', scope: 'none' },
    { name: 'countEdit', label: '统计修订', path: '/admin/themeCount/edit', permission: 'theme:countEdit', scope: 'none' },
  ],
  // A citizen's post (server/entities/theme/citizen.ts): image code, per-address limits per channel.
  publicOps: [
    { name: 'forumPost', label: '发帖', path: '/theme/webAdd', guard: 'theme:bbs', captcha: true, success: '提交成功，请牢记查询码', republish: true },
    { name: 'llPost', label: '领导留言', path: '/llweb/theme/save', guard: 'theme:ll', captcha: true, success: '提交成功，请牢记查询码' },
    { name: 'xaxPost', label: '县长信箱', path: '/xaxweb/theme/save', guard: 'theme:xax', captcha: true, success: '提交成功，请牢记查询码' },
  ],
  // The replies: answered by the get call, deleted with the theme; written by the actions above.
  children: [{ name: 'replies', label: '回复', table: 'theme_reply', key: 'themeId', orderBy: ['replyTime'] }],
  // The site's forum pages show the topics: rendered again after a save, a delete or a marked action.
  republish: ['forum'],
  personalLog: { label: '论坛主题', field: 'queryCode' },
  ownership,
  menu: { group: 'interact', path: '/main/interact/themeManage', sort: 72 },
});
