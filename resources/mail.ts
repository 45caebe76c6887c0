import { defineResource } from './define';
import type { CallTablesDecl } from './shape/callTables';
import type { TallyDecl } from './shape/tally';
import type { FieldDecl } from './types';
import { mailDeptSettings } from './mail/deptSettings';

/**
 * 领导信箱: letters from the public (the public op /web/mail/add with a captcha) handled by staff: examine,
 * transfer to a department, the department replies (/mailForum/save) or returns it (/mailForum/returnMail),
 * the admin publishes. CRUD, the steps, the export and the citizen's calls are generic (behaviour in
 * server/entities/mail.ts); the counts per department (mail_count) are a declared tally; the handling history
 * (mail_forum) and department settings (mail_dept) are server/modules/interaction/mail. See docs/interaction-mail.md.
 */

/** Mail status of the spec: 0 unreplied, 1 replied. */
export const MAIL_STATUS = [
  { value: 0, label: '未回复' },
  { value: 1, label: '已回复' },
] as const;

/** Handling stage (our design, docs/interaction-mail.md). */
export const MAIL_STAGE = {
  PENDING: 0,
  ACCEPTED: 1,
  TRANSFERRED: 2,
  RETURNED: 3,
  REPLIED: 4,
  REJECTED: 5,
} as const;

export const MAIL_STAGE_OPTIONS = [
  { value: 0, label: '待审核' },
  { value: 1, label: '已受理' },
  { value: 2, label: '已转办' },
  { value: 3, label: '已退回' },
  { value: 4, label: '已回复' },
  { value: 5, label: '不予受理' },
] as const;

export const MAIL_TYPE_OPTIONS = [
  { value: 1, label: '咨询' },
  { value: 2, label: '投诉' },
  { value: 3, label: '建议' },
  { value: 4, label: '求助' },
  { value: 5, label: '其他' },
] as const;

/** Which mailbox the letter was written to (smzjlist lists the leaders' ones). */
export const MAIL_BOX_OPTIONS = [
  { value: 1, label: '县委书记信箱' },
  { value: 2, label: '县长信箱' },
  { value: 3, label: '部门信箱' },
] as const;

export const MAIL_SATISFACTION_OPTIONS = [
  { value: 0, label: '未评价' },
  { value: 1, label: '满意' },
  { value: 2, label: '基本满意' },
  { value: 3, label: '不满意' },
] as const;

/** The steps of a letter's handling history (mail_forum.action), as the history shows them. */
export type MailAction = 'submit' | 'create' | 'examine' | 'reject' | 'transfer' | 'return' | 'reply' | 'publish' | 'unpublish' | 'rk' | 'update';
export const MAIL_ACTION_LABELS: Readonly<Record<MailAction, string>> = {
  submit: '网上来信',
  create: '后台录入',
  examine: '审核受理',
  reject: '不予受理',
  transfer: '转办',
  return: '退回',
  reply: '答复',
  publish: '公开',
  unpublish: '取消公开',
  rk: '登记入库',
  update: '修改信件',
};

const yesNo = [
  { value: 0, label: '否' },
  { value: 1, label: '是' },
] as const;

/** Published letters: replied, the writer agreed, the office published it. */
const PUBLISHED = { publicFlag: 1, status: 1, isPublic: 1 };
/** What the public may see of a letter (no phone, e-mail, address, id number, internal remarks; the writer's name masked). */
const PUBLIC_FIELDS = ['id', 'title', 'content', 'type', 'boxType', 'targetDeptName', 'name', 'receivedAt', 'status', 'replyDept', 'replyTime', 'replyContent', 'publishTime'];
const NEWEST = [{ field: 'receivedAt', order: 'DESC' }, { field: 'id', order: 'DESC' }] as const;
/** The labels the staff's lists answer beside the values (typeName…). */
export const MAIL_LABELLED = ['type', 'boxType', 'status', 'stage', 'satisfaction'];

/** The public lookups by query code: a few calls per minute and address (the code space is far too large to guess). */
const LOOKUP_LIMIT = { max: 30, timeWindow: '1 minute' };

/** Permission keys of the mail workflow (Buttons under 领导信箱). */
export const MAIL_PERMISSIONS = {
  list: 'mail:list',
  get: 'mail:get',
  create: 'mail:add',
  update: 'mail:update',
  delete: 'mail:delete',
  examine: 'mail:examine',
  transfer: 'mail:transfer',
  publish: 'mail:publish',
  rk: 'mail:rk',
  export: 'mail:export',
  deptList: 'mailForum:deptList',
  reply: 'mailForum:save',
  returnMail: 'mailForum:return',
  forumDelete: 'mailForum:delete',
  deptSettings: 'mailForum:dept',
  countList: 'mailCount:list',
  countReset: 'mailCount:reset',
  countUpdate: 'mailCount:update',
  countExport: 'mailCount:export',
} as const;

export default defineResource({
  name: 'mail',
  table: 'mail',
  label: '领导信箱',
  icon: 'Mail',
  idField: 'id',
  titleField: 'title',
  api: {
    list: { path: '/mail/list' },
    get: { path: '/mail/get', id: 'query' },
    create: { path: '/mail/add' },
    // A body of only { id, publicFlag } is 公开 / 取消公开: the 公开 key, not the edit key.
    update: { path: '/mail/add', onlyFields: { fields: ['publicFlag'], permission: MAIL_PERMISSIONS.publish } },
    delete: { path: '/mail/dels', ids: 'body', orId: true, answer: 'none' },
    // /mail/del (query id): the same delete of one letter, its history with it. /mail/smzjlist: the leaders' boxes (书记/县长信箱)
    // unless a boxType is asked for. 本部门信件: the letters transferred to the caller's handling departments, whatever the data scope.
    alsoAt: [{ where: {}, delete: '/mail/del', list: '/mail/smzjlist', defaults: { boxType: [1, 2] } }, {
      where: {}, list: '/mailForum/mailListByDept', permission: MAIL_PERMISSIONS.deptList, scoped: false, ownDepartments: 'byScope', labels: MAIL_LABELLED,
      flags: { overdue: { label: '超期未答复', where: { stage: MAIL_STAGE.TRANSFERRED }, compare: [['deadline', '<', '$now']] } },
    }],
    extra: {
      smzjlist: { path: '/mail/smzjlist', label: '领导信箱信件' },
      listByDept: { path: '/mailForum/mailListByDept', label: '本部门待办信件' },
      forumList: { path: '/mailForum/listByMailid', label: '办理记录' },
      del: { path: '/mail/del', label: '删除' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '信件标题', type: 'text', required: true, maxLength: 100 },
    { name: 'content', label: '信件内容', type: 'textarea', required: true, maxLength: 5000 },
    { name: 'type', label: '信件类型', type: 'enum', required: true, default: 1, options: MAIL_TYPE_OPTIONS },
    { name: 'boxType', label: '信箱', type: 'enum', required: true, default: 2, options: MAIL_BOX_OPTIONS },
    // Shown by the name the letter keeps: the department list is not every mail officer's to read.
    { name: 'targetDeptId', label: '收信部门', type: 'reference', reference: 'department', display: { format: (r) => String(r.targetDeptName ?? '') } },
    { name: 'targetDeptName', label: '收信部门名称', type: 'text', readOnly: true },
    { name: 'name', label: '写信人', type: 'text', required: true, maxLength: 50 },
    { name: 'phone', label: '联系电话', type: 'text', required: true, maxLength: 20, personal: 'phone' },
    { name: 'email', label: '电子邮箱', type: 'text', maxLength: 100 },
    { name: 'address', label: '联系地址', type: 'text', maxLength: 200 },
    { name: 'idNumber', label: '身份证号', type: 'text', maxLength: 18, personal: 'idNumber' },
    { name: 'isPublic', label: '来信人同意公开', type: 'enum', default: 1, options: yesNo },
    { name: 'publicFlag', label: '已公开', type: 'enum', readOnly: true, default: 0, options: yesNo },
    { name: 'status', label: '状态', type: 'enum', readOnly: true, default: 0, options: MAIL_STATUS },
    { name: 'stage', label: '办理阶段', type: 'enum', readOnly: true, default: 0, options: MAIL_STAGE_OPTIONS },
    { name: 'source', label: '来源', type: 'enum', readOnly: true, default: 1, options: [{ value: 1, label: '网上来信' }, { value: 2, label: '后台录入' }] },
    { name: 'queryCode', label: '查询码', type: 'text', readOnly: true },
    { name: 'receivedAt', label: '收信时间', type: 'datetime', readOnly: true },
    { name: 'examineRemark', label: '审核意见', type: 'text', readOnly: true },
    { name: 'examineTime', label: '审核时间', type: 'datetime', readOnly: true },
    { name: 'examineUserName', label: '审核人', type: 'text', readOnly: true },
    { name: 'transferDeptId', label: '转办部门', type: 'reference', reference: 'department', readOnly: true, display: { format: (r) => String(r.transferDeptName ?? '') } },
    { name: 'transferDeptName', label: '转办部门名称', type: 'text', readOnly: true },
    { name: 'transferTime', label: '转办时间', type: 'datetime', readOnly: true },
    { name: 'transferRemark', label: '转办意见', type: 'text', readOnly: true },
    { name: 'deadline', label: '办理期限', type: 'datetime', readOnly: true },
    { name: 'returnRemark', label: '退回说明', type: 'text', readOnly: true },
    { name: 'returnTime', label: '退回时间', type: 'datetime', readOnly: true },
    { name: 'replyDeptId', label: '答复部门ID', type: 'number', readOnly: true },
    { name: 'replyDept', label: '答复部门', type: 'text', readOnly: true },
    { name: 'replyTime', label: '答复时间', type: 'datetime', readOnly: true },
    { name: 'replyContent', label: '答复内容', type: 'textarea', readOnly: true },
    { name: 'replyUserName', label: '答复人', type: 'text', readOnly: true },
    { name: 'satisfaction', label: '满意度', type: 'enum', default: 0, options: MAIL_SATISFACTION_OPTIONS },
    { name: 'publishTime', label: '公开时间', type: 'datetime', readOnly: true },
    { name: 'rkFlag', label: '已入库', type: 'enum', readOnly: true, default: 0, options: yesNo },
    { name: 'rkTime', label: '入库时间', type: 'datetime', readOnly: true },
    { name: 'creatorId', label: '录入人ID', type: 'number', readOnly: true },
    { name: 'creatorName', label: '录入人', type: 'text', readOnly: true },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['title', 'type', 'boxType', 'name', 'status', 'stage', 'transferDeptName', 'receivedAt', 'publicFlag'],
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      { field: 'stage', op: 'eq', alwaysOn: true },
      { field: 'type', op: 'eq' },
      { field: 'boxType', op: 'eq' },
      { field: 'transferDeptId', op: 'eq' },
      { field: 'name', op: 'like' },
      { field: 'queryCode', op: 'eq' },
      { field: 'publicFlag', op: 'eq' },
      { field: 'receivedAt', op: 'range' },
    ],
    sortable: ['receivedAt', 'replyTime', 'status', 'stage', 'id'],
    defaultSort: { field: 'receivedAt', order: 'DESC' },
    // 本部门信件: the letters transferred to the caller's department, whatever the data scope.
    sources: {
      param: 'box',
      tabs: [
        { value: 'all', label: '信件列表' },
        { value: 'dept', label: '本部门信件', call: 'listByDept', permission: MAIL_PERMISSIONS.deptList },
      ],
    },
  },
  // The handling history (mail_forum): answered by the get as `records`, deleted with the letter.
  children: [{
    name: 'records', label: '办理记录', table: 'mail_forum', key: 'mailId',
    // Its rows' own calls (a row is reached when its letter is).
    calls: {
      parentParams: ['id', 'mailId'], permissions: { read: MAIL_PERMISSIONS.get, delete: MAIL_PERMISSIONS.forumDelete },
      list: '/mailForum/list', all: '/mailForum/listByMailid', get: '/mailForum/get', delete: '/mailForum/del', deletes: '/mailForum/dels',
    },
  }],
  // The history under the letter; 来信统计 / 实时统计 are the 来信统计 action's dialog.
  showTables: [{
    source: 'records', label: '办理记录', empty: '暂无数据', rowTestId: 'mail-history',
    columns: [{ field: 'createTime', label: '时间' }, { field: 'action', label: '操作', options: Object.entries(MAIL_ACTION_LABELS).map(([value, label]) => ({ value, label })) },
      { field: 'userName', label: '办理人' }, { field: 'deptName', label: '办理部门' }, { field: 'toDeptName', label: '转至' }, { field: 'remarks', label: '说明' }, { field: 'content', label: '答复内容' }],
  }],
  form: ['title', 'type', 'boxType', 'targetDeptId', 'name', 'phone', 'email', 'address', 'idNumber', 'isPublic', 'content'],
  permissions: {
    list: MAIL_PERMISSIONS.list,
    get: MAIL_PERMISSIONS.get,
    create: MAIL_PERMISSIONS.create,
    update: MAIL_PERMISSIONS.update,
    delete: MAIL_PERMISSIONS.delete,
  },
  actions: [
    {
      name: 'examine', label: '审核', path: '/mail/examine', permission: MAIL_PERMISSIONS.examine, scope: 'both', run: true, placement: ['toolbar', 'show'],
      when: { stage: MAIL_STAGE.PENDING }, refusal: '只能审核待审核的信件',
      // Not `required`: the spec's aliases (status, remarks) are read too; run names what is missing.
      input: [
        { name: 'auditStatus', label: '审核结果', type: 'enum', options: [{ value: 1, label: '受理' }, { value: 2, label: '不予受理' }] },
        { name: 'examineRemark', label: '审核意见', type: 'textarea', maxLength: 500 },
      ],
    },
    {
      name: 'transfer', label: '转办', path: '/mail/mailTransfer', permission: MAIL_PERMISSIONS.transfer, scope: 'both', run: true, placement: ['toolbar', 'show'],
      when: { stage: [MAIL_STAGE.PENDING, MAIL_STAGE.ACCEPTED, MAIL_STAGE.RETURNED] }, refusal: '信件当前状态不能转办',
      input: [
        { name: 'deptId', label: '转办部门', type: 'reference', reference: 'department' },
        { name: 'remarks', label: '转办意见', type: 'textarea', maxLength: 500 },
      ],
    },
    // 公开 / 取消公开: the update call with only { id, publicFlag } (api.update.onlyFields), on answered letters.
    {
      name: 'publish', label: '公开', path: '/mail/add', permission: MAIL_PERMISSIONS.publish, scope: 'row', placement: ['show'],
      confirm: '确定在门户网站公开这封信件及其答复吗？', success: '已公开',
      call: {
        values: { publicFlag: 1 }, shownWhen: { status: 1 },
        variant: { when: { publicFlag: 1 }, label: '取消公开', values: { publicFlag: 0 }, confirm: '确定取消公开这封信件吗？', success: '已取消公开' },
      },
    },
    {
      name: 'rk', label: '登记入库', path: '/mail/addMailRk', permission: MAIL_PERMISSIONS.rk, scope: 'row', run: true, placement: ['show'], success: '登记入库成功',
      confirm: '确定将这封信件登记入库吗？', when: { status: 1 }, refusal: '信件尚未答复，不能登记入库', call: { shownWhen: { rkFlag: 0 } },
    },
    {
      name: 'export', label: '导出', path: '/mail/mailBoxExcel', permission: MAIL_PERMISSIONS.export, scope: 'none', download: '领导信箱信件.xlsx',
      export: {
        fileName: '领导信箱信件', sheet: '领导信箱',
        columns: [{ field: 'id', header: '编号', width: 8 }, { field: 'title', width: 30 }, 'type', 'boxType', 'name', 'phone', { field: 'receivedAt', width: 20 }, 'status', 'stage',
          { field: 'transferDeptName', header: '转办部门' }, 'replyDept', { field: 'replyTime', width: 20 }, 'replyContent', 'satisfaction', { field: 'content', width: 60 }],
      },
    },
    { name: 'deptList', label: '本部门信件', path: '/mailForum/mailListByDept', permission: MAIL_PERMISSIONS.deptList, scope: 'none' },
    {
      name: 'reply', label: '答复', path: '/mailForum/save', permission: MAIL_PERMISSIONS.reply, scope: 'row', run: true, placement: ['show'], success: '答复成功',
      call: {
        idParam: 'mailId', shownWhen: { stage: [MAIL_STAGE.ACCEPTED, MAIL_STAGE.TRANSFERRED, MAIL_STAGE.RETURNED, MAIL_STAGE.REPLIED] },
        variant: { when: { stage: MAIL_STAGE.REPLIED }, label: '修改答复' },
        prefillFromRecord: { content: 'replyContent' }, // 修改答复 starts from the answer given
      },
      input: [{ name: 'content', label: '答复内容', type: 'textarea', maxLength: 5000 }],
    },
    {
      name: 'return', label: '退回', path: '/mailForum/returnMail', permission: MAIL_PERMISSIONS.returnMail, scope: 'both', run: true, placement: ['toolbar', 'show'], success: '退回成功',
      when: { stage: MAIL_STAGE.TRANSFERRED }, refusal: '只能退回已转办、尚未答复的信件',
      input: [{ name: 'remarks', label: '退回说明', type: 'textarea', required: true, maxLength: 500 }],
    },
    { name: 'forumDelete', label: '删除办理记录', path: '/mailForum/dels', permission: MAIL_PERMISSIONS.forumDelete, scope: 'row', confirm: '确定删除该办理记录吗？' },
    { name: 'deptSettings', label: '部门办理设置', path: '/mailForum/dept/save', permission: MAIL_PERMISSIONS.deptSettings, scope: 'none' },
    // 来信统计 / 实时统计 in a dialog over the letters, each table with its own search form and 导出Excel.
    { name: 'countList', label: '来信统计', path: '/mailCount/list', permission: MAIL_PERMISSIONS.countList, scope: 'none', placement: ['toolbar'], tables: countTables() },
    { name: 'countReset', label: '统计清零', path: '/mailCount/reset', permission: MAIL_PERMISSIONS.countReset, scope: 'row', confirm: '确定将该部门的统计清零吗？' },
    { name: 'countUpdate', label: '修改统计', path: '/mailCount/update', permission: MAIL_PERMISSIONS.countUpdate, scope: 'row' },
    // The 来信统计 table's own 导出Excel, not the letters' toolbar.
    { name: 'countExport', label: '导出统计', path: '/mailCount/mailCountExcel', permission: MAIL_PERMISSIONS.countExport, scope: 'none', placement: [] },
  ],
  // The citizen's calls (server/entities/mail.ts): the letter, and his own letter by query code and phone.
  publicOps: [
    { name: 'submit', label: '写信', path: '/web/mail/add', guard: 'mail', captcha: true, success: '提交成功，请牢记查询码' },
    { name: 'query', label: '按查询码查信', path: '/web/mail/code', input: ownInput(), rateLimit: LOOKUP_LIMIT },
    { name: 'myList', label: '我的信件', path: '/web/mail/my/list', input: ownInput(), rateLimit: LOOKUP_LIMIT },
    { name: 'myGet', label: '我的信件详情', path: '/web/mail/my/get', input: [...ownInput(), { name: 'id', label: '信件ID', type: 'number' }], rateLimit: LOOKUP_LIMIT },
  ],
  // What the portal publishes (replied, the writer agreed, the office published it) and the staff's latest letters.
  reads: [
    { name: 'webList', label: '已公开信件', path: '/web/mail/list', where: PUBLISHED, filters: [{ field: 'title', op: 'like' }, { field: 'type', op: 'eq' }, { field: 'boxType', op: 'eq' }],
      sort: [{ field: 'replyTime', order: 'DESC' }, { field: 'id', order: 'DESC' }], fields: PUBLIC_FIELDS, labels: ['type', 'boxType', 'status'], masks: { name: 'name' } },
    // { id, type }: type, when given, is the mailbox (boxType).
    { name: 'webGet', label: '已公开信件详情', path: '/web/mail/get', shape: 'one', where: PUBLISHED, filters: [{ field: 'boxType', op: 'eq', param: 'type' }],
      sort: [], fields: PUBLIC_FIELDS, labels: ['type', 'boxType', 'status'], masks: { name: 'name' } },
    // 县长信箱 (szxx): the latest published letters to the county head, for the portal's home block.
    { name: 'szxxList', label: '县长信箱最新信件', path: '/mail/szxxList', permission: MAIL_PERMISSIONS.list, shape: 'array', limit: 10, scoped: false, where: { boxType: 2, publicFlag: 1 },
      sort: NEWEST, fields: ['id', 'title', 'type', 'boxType', 'receivedAt', 'replyDept', 'replyTime', 'status'], labels: MAIL_LABELLED },
    // The newest letters in the caller's scope (dashboard).
    { name: 'top', label: '最新信件', path: '/mail/top', permission: MAIL_PERMISSIONS.list, shape: 'array', size: { param: 'size', default: 10, max: 50 },
      sort: NEWEST, fields: ['id', 'title', 'type', 'boxType', 'name', 'status', 'stage', 'receivedAt', 'transferDeptName'], labels: MAIL_LABELLED },
  ],
  // 实时统计: counted now from the letters transferred in [startTime, endTime], by transfer time, per department.
  groupCounts: [{
    name: 'realTime', label: '实时统计', path: '/mailCount/realTimeList', permission: MAIL_PERMISSIONS.countList,
    by: { field: 'transferDeptId', as: 'deptId' }, title: { field: 'transferDeptName', as: 'deptName', header: '部门' },
    range: 'transferTime', params: { key: 'deptId', contains: 'deptName' }, orderBy: 'receivedCount',
    counts: [
      { name: 'receivedCount', label: '收到转办' },
      { name: 'handlingCount', label: '办理中', when: [{ where: { stage: MAIL_STAGE.TRANSFERRED } }] },
      { name: 'repliedCount', label: '已答复', when: [{ where: { stage: MAIL_STAGE.REPLIED } }] },
      { name: 'returnedCount', label: '已退回', when: [{ where: { stage: MAIL_STAGE.RETURNED } }] },
      // Past the deadline unreplied, or replied after it.
      { name: 'overdueCount', label: '超期', when: [{ where: { stage: MAIL_STAGE.TRANSFERRED }, compare: [['deadline', '<', '$now']] }, { where: { stage: MAIL_STAGE.REPLIED }, compare: [['replyTime', '>', 'deadline']] }] },
      { name: 'satisfiedCount', label: '满意', when: [{ where: { satisfaction: [1, 2] } }] },
      { name: 'unsatisfiedCount', label: '不满意', when: [{ where: { satisfaction: 3 } }] },
    ],
    rates: [{ name: 'replyRate', label: '答复率', part: 'repliedCount', whole: 'receivedCount' }],
    export: { path: '/mailCount/mailCountRealExcel', permission: MAIL_PERMISSIONS.countExport, fileName: '信件实时统计', sheet: '实时统计' },
  }],
  // 来信统计: the running counts per department (mail_count) the steps add to; reset and corrected by the office.
  tallies: [mailTally()],
  // 部门办理设置 (mail_dept): per department, on /mailForum/dept/get|save (server/crud/recordSettings.ts).
  recordSettings: [mailDeptSettings(MAIL_PERMISSIONS.deptSettings)],
  personalLog: { label: '领导信箱信件', field: 'queryCode' },
  ownership: { department: 'transferDeptId', creator: 'creatorId' },
  menu: { group: 'interact', path: '/main/interact/LeaderMailbox', sort: 10 },
});

/** What a writer gives to find his letter (the public lookups' request schema). */
function ownInput(): FieldDecl[] {
  return [
    { name: 'queryCode', label: '查询码', type: 'text' },
    { name: 'code', label: '查询码（同 queryCode）', type: 'text' },
    { name: 'phone', label: '联系电话', type: 'text' },
  ];
}

/** The counts per department (running, since the last 清零; and counted now over a date range): the 来信统计 dialog. */
function countTables(): CallTablesDecl {
  const columns = [
    { key: 'deptName', label: '部门' }, { key: 'receivedCount', label: '收到转办' }, { key: 'repliedCount', label: '已答复' }, { key: 'returnedCount', label: '已退回' },
    { key: 'overdueCount', label: '超期' }, { key: 'satisfiedCount', label: '满意' }, { key: 'unsatisfiedCount', label: '不满意' }, { key: 'replyRate', label: '答复率' },
  ];
  return {
    title: '信件统计',
    tabs: [
      { label: '来信统计', call: 'countList', testId: 'mail-count-table', columns: [...columns, { key: 'resetTime', label: '统计起始' }], search: [{ name: 'deptName', label: '部门名称', type: 'text' }],
        rowAction: { action: 'countReset', label: '清零', confirm: '确定将「{deptName}」的统计清零吗？', success: '清零成功' },
        export: { call: 'countExport', permission: MAIL_PERMISSIONS.countExport, fileName: '信件统计.xlsx' } },
      { label: '实时统计', call: 'realTime', testId: 'mail-realtime-table', paged: false, columns: [...columns.slice(0, 2), { key: 'handlingCount', label: '办理中' }, ...columns.slice(2)],
        search: [{ name: 'range', label: '日期', type: 'dateRange' }], export: { call: 'realTime:export', permission: MAIL_PERMISSIONS.countExport, fileName: '信件实时统计.xlsx' } },
    ],
  };
}

/** The running counts per department (mail_count): kept by the steps (`bumpTally`), served from the declaration. */
function mailTally(): TallyDecl {
  return {
    name: 'counts', label: '来信统计', table: 'mail_count', key: { field: 'deptId', title: 'deptName', header: '部门' },
    counts: [
      { name: 'receivedCount', label: '收到转办', input: '收信数，0到1000000' },
      { name: 'repliedCount', label: '已答复', input: '答复数，0到1000000' },
      { name: 'returnedCount', label: '已退回', input: '退回数，0到1000000' },
      { name: 'overdueCount', label: '超期', input: '超期数，0到1000000' },
      { name: 'satisfiedCount', label: '满意', input: '满意数，0到1000000' },
      { name: 'unsatisfiedCount', label: '不满意', input: '不满意数，0到1000000' },
    ],
    rates: [{ name: 'replyRate', label: '答复率', part: 'repliedCount', whole: 'receivedCount' }],
    params: { key: 'deptId', contains: 'deptName', keyLabel: '部门ID', containsLabel: '部门名称（包含）' },
    orderBy: 'receivedCount', max: 1_000_000,
    calls: {
      list: { path: '/mailCount/list', permission: MAIL_PERMISSIONS.countList },
      get: { path: '/mailCount/get', permission: MAIL_PERMISSIONS.countList },
      reset: { path: '/mailCount/reset', permission: MAIL_PERMISSIONS.countReset, success: '清零成功' },
      update: { path: '/mailCount/update', permission: MAIL_PERMISSIONS.countUpdate, success: '修改成功' },
      export: { path: '/mailCount/mailCountExcel', permission: MAIL_PERMISSIONS.countExport, fileName: '信件统计', sheet: '信件统计' },
    },
    // What the portal publishes of them.
    public: { list: '/web/mailCount/list', get: '/web/mailCount/get', fields: ['id', 'deptId', 'deptName', 'receivedCount', 'repliedCount', 'replyRate', 'resetTime'] },
  };
}
