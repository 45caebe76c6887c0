import { defineResource, ownership, ownershipFields, standardPermissions } from './define';
import type { ReadDecl } from './shape/reads';

/** Comment status (spec part 1 §4). */
export const commentStatusOptions = [
  { value: 0, label: '未审核' },
  { value: 1, label: '审核通过' },
  { value: 2, label: '审核不通过' },
  { value: 3, label: '待定' },
] as const;

/** What a citizen reads of a published theme: no phone, e-mail or address; the name masked (陈**). */
export const PUBLIC_THEME_FIELDS = ['id', 'channel', 'forumId', 'plateId', 'plateName', 'title', 'content', 'name', 'createTime', 'replyState', 'handleState', 'isRecommend', 'deptName', 'readCount', 'replyCount'];
/** What a citizen reads of a published reply. */
export const PUBLIC_REPLY_FIELDS = ['id', 'themeId', 'content', 'replyDeptName', 'replyTime'];
const NEWEST = [{ field: 'createTime', order: 'DESC' }, { field: 'id', order: 'DESC' }] as const;
/** A page of the published (passed and shown) themes matching `where`, searched by title, plate and forum. */
const publishedPage = (name: string, label: string, path: string, where: Record<string, number | string>, more: Partial<ReadDecl> = {}): ReadDecl => ({
  name, label, path, where: { status: 1, isShow: 1, ...where }, sort: NEWEST, fields: PUBLIC_THEME_FIELDS, masks: { name: 'initial' }, ...more,
  filters: [{ field: 'title', op: 'like' }, { field: 'plateId', op: 'eq' }, { field: 'forumId', op: 'eq' }],
});

/** One published theme matching `where` with its published replies, oldest first; each read counts a visit (`readCount`). */
const publishedOne = (name: string, label: string, path: string, where: Record<string, number | string>): ReadDecl => ({
  name, label, path, shape: 'one', where: { status: 1, isShow: 1, ...where }, fields: PUBLIC_THEME_FIELDS, masks: { name: 'initial' }, bump: 'readCount',
  nested: { name: 'replies', table: 'theme_reply', key: 'themeId', where: { status: 1 }, sort: [{ field: 'replyTime', order: 'ASC' }, { field: 'id', order: 'ASC' }], fields: PUBLIC_REPLY_FIELDS },
});

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
      // The number of themes in each state, in the caller's scope (one channel when asked).
      stateAll: { path: '/theme/queryStateThemeAll', label: '主题状态统计', reads: { shape: 'stateCounts', filters: [{ field: 'channel', op: 'eq' }], states: {
        total: {}, unreviewed: { status: 0 }, passed: { status: 1 }, failed: { status: 2 }, pending: { status: 3 },
        shown: { isShow: 1 }, replied: { replyState: 1 }, handled: { handleState: 1 }, recommended: { isRecommend: 1 },
      } } },
      // 主题统计: per handling department (default), plate or channel, over the receiving time; the screen calls it
      // as the action `count` (whose key it needs), the export and the monthly snapshots read the same groups.
      countList: { path: '/theme/themeCountList', label: '主题统计', reads: { shape: 'grouped', permission: 'theme:count', range: 'createTime', filters: [{ field: 'channel', op: 'eq' }], grouped: {
        param: 'groupBy', default: 'dept', orderBy: 'total',
        by: { dept: { field: 'deptId', title: 'deptName', none: '未转办' }, plate: { field: 'plateId', title: 'plateName', none: '（无版块）' }, channel: { field: 'channel' } },
        counts: { total: {}, passed: { status: 1 }, replied: { replyState: 1 }, handled: { handleState: 1 } },
        sums: { replyCount: 'replyCount' }, hours: { avgReplyHours: { from: 'createTime', to: 'firstReplyTime' } },
      } } },
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
      // The department's to-do list: passed, unfinished 领导留言 handed to the caller's own department.
      { where: { channel: 'll', status: 1, handleState: 0 }, whereCaller: { deptId: 'deptId' }, list: '/ll/theme/qnsqlist' },
      // A member's themes (the search must name the member).
      { where: {}, requires: 'peopleId', list: '/theme/listByPeopleId' },
      { where: {}, requires: 'peopleId', list: '/theme/themeListBypeopleId' },
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
      // The list says how many replies are published: 已回复（2）.
      display: { format: (r) => (Number(r.replyState) === 1 ? `已回复（${String(r.replyCount ?? 0)}）` : '未回复') },
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
    // 审核状态 says which steps the row offers: it stays; 版块名称 (forum topics only) goes first.
    columnLayout: { status: { priority: 1, width: 120 }, plateName: { priority: 3 } },
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
    // 详情: the theme with its replies (通过并发布 / 不通过) and the handling department's reply box.
    thread: {
      button: '详情',
      meta: '查询码：{queryCode} · 留言人：{name} {phone} · 收到时间：{createTime} · 办理部门：{deptName|未转办}',
      body: 'content',
      items: {
        source: 'replies', label: '回复', testId: 'reply', meta: '{replyDeptName} · {replyName} · {replyTime} ·', body: 'content', state: 'status', empty: '暂无回复',
        actions: [
          { action: 'replyAudit', label: '通过并发布', values: { status: 1 }, shownWhen: { status: [0, 3] } },
          { action: 'replyAudit', label: '不通过', values: { status: 2 }, shownWhen: { status: [0, 3] } },
        ],
      },
      compose: { action: 'reply', key: 'themeId', field: 'content', label: '回复内容', submit: '提交回复', maxLength: 5000, shownWhen: { status: 1, handleState: 0 } },
    },
  },
  // A staff post is a forum topic on a plate (the behaviour sets the channel).
  form: ['plateId', 'title', 'name', 'phone', 'isOpen', 'content'],
  permissions: standardPermissions('theme'),
  // The staff's steps run on the server (server/entities/theme/staff.ts, replies.ts). The /ll/theme/* calls
  // serve forum topics (bbs) too; the 县长信箱 copies (/xax/theme/*) are the same actions for its channel.
  actions: [
    // 编辑: the changed fields only, to the channel's update call; the run checks them (server/entities/theme/staff.ts).
    { name: 'update', label: '编辑', path: '/ll/theme/update', permission: 'theme:update', scope: 'row', run: true, republish: true, success: '修改成功', inputChecks: 'run',
      alsoAt: [{ path: '/xax/theme/update', values: { family: 'xax' } }],
      call: { title: '编辑主题', submit: '保存', prefillFromRecord: true, onlyChanged: true, atFor: [{ when: { channel: 'xax' }, at: '/xax/theme/update' }] },
      input: [
        { name: 'title', label: '标题', type: 'text', maxLength: 100 },
        { name: 'content', label: '内容', type: 'textarea', maxLength: 5000 },
        { name: 'name', label: '留言人', type: 'text', maxLength: 50 },
        { name: 'phone', label: '联系电话', type: 'text', maxLength: 20 },
        { name: 'isOpen', label: '留言人同意公开（取消后主题不再公开显示）', type: 'enum', toggle: true, options: [{ value: 0, label: '不同意' }, { value: 1, label: '同意' }] },
      ] },
    // 审核: a result and an opinion, then a question naming them; 县长信箱's themes audit at its own call without publishing.
    { name: 'audit', label: '审核', path: '/ll/theme/themeAudit', permission: 'theme:audit', scope: 'both', run: true, republish: true, success: '审核成功', inputChecks: 'run', confirmTitle: '提示信息',
      call: {
        title: '审核主题', bulkLabel: '批量审核', rowAsIds: true, sendBlanks: true, startValues: { status: 1 }, shownWhen: { status: [0, 3] },
        confirmChosen: { one: '确定将该主题审核为「{status}」吗？', many: '确定将选中的{count}条主题审核为「{status}」吗？' },
        atFor: [{ when: { channel: 'xax' }, at: '/xax/theme/themeAuditShow', values: { isShow: 0 } }], mixedHint: '县长信箱与其他渠道的主题请分开审核',
      },
      input: [
        { name: 'status', label: '审核结果', type: 'enum', required: true, options: commentStatusOptions.filter((o) => o.value !== 0) },
        { name: 'remark', label: '审核意见', type: 'textarea', maxLength: 500 },
      ] },
    { name: 'show', label: '公开', path: '/ll/theme/themeAuditShow', permission: 'theme:show', scope: 'both', placement: ['row'], run: true, republish: true,
      confirm: '确定公开显示该主题吗？', confirmTitle: '提示信息', success: '已公开', alsoAt: [{ path: '/xax/theme/themeAuditShow', values: { family: 'xax' } }],
      call: { values: { isShow: 1 }, rowAsIds: true, shownWhen: { status: 1 }, atFor: [{ when: { channel: 'xax' }, at: '/xax/theme/themeAuditShow' }],
        variant: { when: { isShow: 1 }, label: '隐藏', values: { isShow: 0 }, confirm: '确定隐藏该主题吗？', success: '已隐藏' } } },
    // 转办 from the screen goes to /theme/transfer (every channel); the department by its path in the tree.
    { name: 'transfer', label: '转办', path: '/ll/theme/themeTransfer', permission: 'theme:transfer', scope: 'both', run: true, success: '转办成功',
      alsoAt: [{ path: '/xax/theme/themeTransfer', values: { family: 'xax' } }, { path: '/theme/transfer', values: { family: 'all' } }],
      call: { title: '转办主题', at: '/theme/transfer', shownWhen: { status: 1, handleState: 0 }, rowAsIds: true, bulkLabel: '批量转办' },
      input: [
        { name: 'deptId', label: '办理部门', type: 'number', required: true, choicesFrom: { path: '/ding/dept/data', value: 'value', label: 'label', children: 'children', search: true } },
        { name: 'remark', label: '转办说明', type: 'textarea' },
      ] },
    // The reply steps are the 详情 dialog's (list.thread), not buttons of their own.
    { name: 'reply', label: '回复', path: '/ll/theme/reply/save', permission: 'theme:reply', scope: 'none', placement: [], run: true, success: '回复成功，待审核后发布',
      alsoAt: [{ path: '/xax/theme/reply/save', values: { family: 'xax' } }], call: { atFor: [{ when: { channel: 'xax' }, at: '/xax/theme/reply/save' }] } },
    { name: 'replyAudit', label: '回复审核', path: '/ll/theme/themeReplyAudit', permission: 'theme:replyAudit', scope: 'none', placement: [], run: true, republish: true, success: '审核成功' },
    { name: 'replyDelete', label: '删除回复', path: '/ll/theme/reply/delete', permission: 'theme:reply', scope: 'none', placement: [], run: true, republish: true, alsoAt: [{ path: '/xax/theme/reply/delete', values: { family: 'xax' } }] },
    { name: 'examine', label: '办结', path: '/theme/examine', permission: 'theme:examine', scope: 'both', run: true, success: '办结成功',
      confirm: '确定将该主题标记为已办结吗？办结后不能再转办和回复。', confirmTitle: '提示信息', call: { bulkLabel: '批量办结', shownWhen: { status: 1, handleState: 0 } } },
    { name: 'recommend', label: '推荐', path: '/theme/themeRecommend', permission: 'theme:recommend', scope: 'both', placement: ['row'], run: true, success: '操作成功',
      confirm: '确定推荐该主题吗？', confirmTitle: '提示信息',
      call: { values: { isRecommend: 1 }, shownWhen: { isShow: 1 }, variant: { when: { isRecommend: 1 }, label: '取消推荐', values: { isRecommend: 0 }, confirm: '确定取消推荐吗？' } } },
    // 领导留言's export: the list's search over the ll themes (the generic list export, phones masked).
    { name: 'export', label: '导出', path: '/ll/theme/themeExcel', permission: 'theme:export', scope: 'none',
      export: { fileName: '领导留言', where: { channel: 'll' }, onlyNamed: true, columns: ['queryCode', 'title', 'name', 'phone', 'channel', 'plateName', 'status', 'replyState', 'handleState', 'deptName', { field: 'createTime', header: '收到时间', width: 20 }, { field: 'firstReplyTime', width: 20 }] } },
    { name: 'count', label: '统计', path: '/theme/themeCountList', permission: 'theme:count', scope: 'none' },
    { name: 'countEdit', label: '统计修订', path: '/admin/themeCount/edit', permission: 'theme:countEdit', scope: 'none' },
  ],
  // A citizen's post (server/entities/theme/citizen.ts): image code, per-address limits per channel.
  publicOps: [
    { name: 'forumPost', label: '发帖', path: '/theme/webAdd', guard: 'theme:bbs', captcha: true, success: '提交成功，请牢记查询码', republish: true },
    { name: 'llPost', label: '领导留言', path: '/llweb/theme/save', guard: 'theme:ll', captcha: true, success: '提交成功，请牢记查询码' },
    { name: 'xaxPost', label: '县长信箱', path: '/xaxweb/theme/save', guard: 'theme:xax', captcha: true, success: '提交成功，请牢记查询码' },
  ],
  // The portal's lists of published themes, and its pages of one (any channel at /theme/webget).
  reads: [
    publishedPage('webList', '论坛主题（公众）', '/theme/weblist', { channel: 'bbs' }),
    publishedPage('hot', '热门主题', '/theme/hotThemeList', {}, { sort: [{ field: 'replyCount', order: 'DESC' }, { field: 'readCount', order: 'DESC' }, { field: 'id', order: 'DESC' }] }),
    publishedPage('recommended', '推荐主题', '/theme/themeRecommendList', { isRecommend: 1 }),
    publishedPage('answered', '政策问答', '/theme/zcwdThemeList', { replyState: 1 }),
    publishedPage('llList', '领导留言（公众）', '/llweb/theme/list', { channel: 'll' }),
    publishedPage('xaxList', '县长信箱（公众）', '/xaxweb/theme/list', { channel: 'xax' }),
    // 诉求: 领导留言 with a published reply, received within startTime / endTime; the page must be named.
    publishedPage('appeals', '诉求', '/llweb/theme/appeal/list', { channel: 'll', replyState: 1 }, { range: 'createTime', required: ['pageNumber', 'pageSize'] }),
    publishedOne('webGet', '主题详情（公众）', '/theme/webget', {}),
    publishedOne('llGet', '领导留言详情（公众）', '/llweb/theme/get', { channel: 'll' }),
    publishedOne('xaxGet', '县长信箱详情（公众）', '/xaxweb/theme/get', { channel: 'xax' }),
    publishedOne('appealGet', '诉求详情', '/llweb/theme/appeal/get', { channel: 'll', replyState: 1 }),
  ],
  // Each plate's 主题数 follows its topics (recounted after a theme comes, goes or moves).
  countedIn: [{ key: 'plateId', field: 'themeCount' }],
  // The replies: answered by the get call, deleted with the theme; written by the actions above.
  // One reply by id at each channel's path: /ll/theme/* serves forum topics too, as the get does.
  children: [{ name: 'replies', label: '回复', table: 'theme_reply', key: 'themeId', orderBy: ['replyTime'], calls: { parentParams: ['themeId'], permissions: { read: 'theme:get' },
    getAt: [{ path: '/ll/theme/reply/get', where: { channel: ['ll', 'bbs'] } }, { path: '/xax/theme/reply/get', where: { channel: 'xax' } }] } }],
  // The site's forum pages show the topics: rendered again after a save, a delete or a marked action.
  republish: ['forum'],
  personalLog: { label: '论坛主题', field: 'queryCode' },
  ownership,
  menu: { group: 'interact', path: '/main/interact/themeManage', sort: 72 },
});
