import { defineResource, standardPermissions } from './define';
import { deadlineState, isOverdue } from './shape/workingDays';
import type { RecordWordSection } from './shape/recordWord';
import type { FieldDecl } from './types';

/**
 * 依申请公开: requests for government information from individuals (个人) and organisations
 * (法人/其他组织), handled by a department within the statutory deadline (20 working days, extension 20).
 * CRUD, the handling steps (over /apply/add), the citizen's calls and the Excel export are generic
 * (behaviour in server/entities/apply.ts); summaries, settings, Word files, proofs and the SMS reminder are
 * server/modules/interaction/apply. Statuses and deadlines in docs/interaction-forms.md.
 * Department-owned by the handling department (`handleDeptId`) for data scopes.
 */
export const APPLY_STATUS = [
  { value: 0, label: '待受理' },
  { value: 1, label: '已受理' },
  { value: 2, label: '已答复' },
  { value: 3, label: '不予公开' },
  { value: 4, label: '已撤回' },
] as const;
/** The statuses still waiting for an answer (the deadline runs). */
export const APPLY_PENDING = [0, 1] as const;

const PERMS = { ...standardPermissions('apply'), update: 'apply:handle' };

/** The Word files (下载申请表, 导出Word): the application as the form has it, and the reply. */
const APPLICATION_FORM: RecordWordSection = {
  heading: '政府信息公开申请表',
  rows: [
    'applicantType',
    { when: { applicantType: 1 }, rows: ['name', 'idType', 'idNumber', 'workUnit'] },
    { when: { applicantType: 2 }, rows: ['orgName', 'orgCode', 'legalPerson', 'contactName'] },
    'phone', 'email', 'address', 'postcode', 'infoName', 'content', 'purpose', 'format', 'receiveWay',
    { label: '受理部门', value: '{handleDeptName}' }, 'createTime', 'queryCode', { label: '办理状态', value: '{status}' },
    { label: '答复期限', value: '{deadline}{extended?（已延期）}{overdue?（已逾期）}' },
  ],
};
const APPLICATION_REPLY: RecordWordSection = {
  heading: '政府信息公开申请答复',
  rows: ['replyDept', 'replyTime', { label: '答复结果', value: '{status}' }, 'replyContent', 'replyAttachment'],
};
const pendingOnly = { status: [...APPLY_PENDING] };

/** The countdown of the list: 已超期 in red, the working days left, 已办结. */
function timeLeft(r: Readonly<Record<string, unknown>>): string {
  const s = deadlineState(r, APPLY_PENDING);
  if (s.kind === 'closed') return '已办结';
  if (s.kind === 'overdue') return '已超期';
  return s.days === 0 ? '今日到期' : `剩余${s.days}个工作日`;
}

export default defineResource({
  name: 'apply',
  table: 'apply',
  label: '依申请公开',
  icon: 'FactCheck',
  idField: 'id',
  titleField: 'infoName',
  api: {
    list: { path: '/apply/list' },
    get: { path: '/apply/get', id: 'body' },
    create: { path: '/apply/add', success: '登记成功' },
    // A body with the id is a handling step (status, extend, handleDeptId, remark): the 办理 key.
    update: { path: '/apply/add', editForm: false, success: '操作成功' },
    delete: { path: '/apply/dels', ids: 'body' },
    extra: {
      summary: { path: '/app/list', label: '办理概况' },
      deptList: { path: '/apply/dept/list', label: '办理部门' },
      listByDept: { path: '/apply/listByDept', label: '部门申请列表' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    {
      name: 'applicantType',
      label: '申请人类型',
      type: 'enum',
      required: true,
      default: 1,
      options: [
        { value: 1, label: '个人' },
        { value: 2, label: '法人/其他组织' },
      ],
    },
    { name: 'name', label: '姓名', type: 'text', maxLength: 50 },
    {
      name: 'idType',
      label: '证件类型',
      type: 'enum',
      options: [
        { value: '身份证', label: '身份证' },
        { value: '护照', label: '护照' },
        { value: '港澳居民来往内地通行证', label: '港澳居民来往内地通行证' },
        { value: '台湾居民来往大陆通行证', label: '台湾居民来往大陆通行证' },
        { value: '其他', label: '其他' },
      ],
    },
    { name: 'idNumber', label: '证件号码', type: 'text', maxLength: 30, personal: 'idNumber' },
    { name: 'workUnit', label: '工作单位', type: 'text', maxLength: 100 },
    { name: 'orgName', label: '组织名称', type: 'text', maxLength: 100 },
    { name: 'orgCode', label: '统一社会信用代码', type: 'text', maxLength: 30 },
    { name: 'legalPerson', label: '法定代表人', type: 'text', maxLength: 50 },
    { name: 'contactName', label: '联系人', type: 'text', maxLength: 50 },
    { name: 'phone', label: '联系电话', type: 'text', required: true, maxLength: 30, personal: 'phone' },
    { name: 'email', label: '电子邮箱', type: 'text', maxLength: 100 },
    { name: 'address', label: '通信地址', type: 'text', maxLength: 200 },
    { name: 'postcode', label: '邮政编码', type: 'text', maxLength: 10 },
    { name: 'infoName', label: '所需信息名称', type: 'text', required: true, maxLength: 200 },
    { name: 'content', label: '所需信息内容描述', type: 'textarea', required: true, maxLength: 3000 },
    { name: 'purpose', label: '用途', type: 'textarea', maxLength: 500 },
    {
      name: 'format',
      label: '信息提供方式',
      type: 'enum',
      default: '纸质',
      options: [
        { value: '纸质', label: '纸质' },
        { value: '电子邮件', label: '电子邮件' },
        { value: '光盘', label: '光盘' },
        { value: '磁盘', label: '磁盘' },
      ],
    },
    {
      name: 'receiveWay',
      label: '获取方式',
      type: 'enum',
      default: '邮寄',
      options: [
        { value: '邮寄', label: '邮寄' },
        { value: '快递', label: '快递' },
        { value: '电子邮件', label: '电子邮件' },
        { value: '传真', label: '传真' },
        { value: '自行领取', label: '自行领取' },
        { value: '当场阅读、抄录', label: '当场阅读、抄录' },
      ],
    },
    { name: 'handleDeptId', label: '受理部门', type: 'reference', reference: 'department', required: true },
    { name: 'handleDeptName', label: '受理部门名称', type: 'text', readOnly: true },
    { name: 'proofFile', label: '身份证明', type: 'text', readOnly: true, maxLength: 64 },
    { name: 'queryCode', label: '查询码', type: 'text', readOnly: true },
    { name: 'status', label: '状态', type: 'enum', readOnly: true, default: 0, options: APPLY_STATUS },
    { name: 'source', label: '申请渠道', type: 'enum', readOnly: true, default: 1, options: [{ value: 1, label: '网上申请' }, { value: 2, label: '窗口/信函登记' }] },
    { name: 'deadline', label: '答复期限', type: 'date', readOnly: true },
    { name: 'extended', label: '是否延期', type: 'enum', readOnly: true, default: 0, options: [{ value: 0, label: '否' }, { value: 1, label: '是' }] },
    { name: 'acceptTime', label: '受理时间', type: 'datetime', readOnly: true },
    { name: 'replyDept', label: '答复部门', type: 'text', readOnly: true },
    { name: 'replyTime', label: '答复时间', type: 'datetime', readOnly: true },
    { name: 'replyContent', label: '答复内容', type: 'textarea', readOnly: true },
    { name: 'replyAttachment', label: '答复附件', type: 'file', readOnly: true },
    { name: 'replyUserName', label: '答复人', type: 'text', readOnly: true },
    { name: 'remark', label: '办理备注', type: 'textarea', readOnly: true },
    { name: 'ip', label: '来源IP', type: 'text', readOnly: true },
    { name: 'creatorId', label: '登记人ID', type: 'number', readOnly: true },
    { name: 'createTime', label: '申请时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
    // Virtual (computed on every read): the applicant's name, the overdue flag and the countdown.
    { name: 'applicant', label: '申请人', type: 'text', readOnly: true, compute: (r) => (Number(r.applicantType) === 1 ? r.name : r.orgName) ?? null },
    { name: 'overdue', label: '是否逾期', type: 'enum', readOnly: true, options: [{ value: 0, label: '未逾期', tone: 'default' }, { value: 1, label: '已逾期', tone: 'error' }], compute: (r) => (isOverdue(r, APPLY_PENDING) ? 1 : 0) },
    {
      name: 'timeLeft', label: '超期情况', type: 'text', readOnly: true, compute: timeLeft,
      display: { format: timeLeft, tone: (r) => (Number(r.overdue) === 1 ? 'error' : undefined), data: (r) => (Number(r.overdue) === 1 ? { overdue: '1' } : undefined) },
    },
  ],
  list: {
    columns: ['infoName', 'applicant', 'applicantType', 'handleDeptName', 'status', 'createTime', 'deadline', 'timeLeft'],
    // The countdown stays in view; the type and the department fold first on a narrow screen.
    columnLayout: { timeLeft: { priority: 1, width: 148 }, applicantType: { priority: 3 }, handleDeptName: { priority: 3, minWidth: 112 } },
    filters: [
      { field: 'infoName', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      // Virtual: the behaviour's listWhere answers it (and dueWithin, the workbench's near-deadline to-do).
      { field: 'overdue', op: 'eq', alwaysOn: true, label: '是否超期', choices: [{ value: 1, label: '已超期' }, { value: 0, label: '未超期' }] },
      { field: 'applicantType', op: 'eq' },
      { field: 'queryCode', op: 'eq' },
      { field: 'name', op: 'like' },
      { field: 'handleDeptId', op: 'eq' },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['createTime', 'deadline', 'replyTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
    // The spec's detail page (src/pages/applyPerson.tsx: the generic show view).
    rowOpens: '/main/interact/applyPerson?id={id}',
    rowLinks: [{ label: '办理', to: '/main/interact/applyPerson?id={id}', permission: PERMS.update }],
  },
  form: ['applicantType', 'name', 'idType', 'idNumber', 'workUnit', 'orgName', 'orgCode', 'legalPerson', 'contactName', 'phone', 'email', 'address', 'postcode', 'infoName', 'content', 'purpose', 'format', 'receiveWay', 'handleDeptId'],
  permissions: PERMS,
  actions: [
    // The handling steps: the update call (/apply/add with the id) with their values; the server checks the status.
    { name: 'accept', label: '受理', path: '/apply/add', permission: PERMS.update, scope: 'row', placement: ['show'], success: '已受理', call: { values: { status: 1 }, shownWhen: { status: 0 } } },
    {
      name: 'reply', label: '答复', path: '/apply/add', permission: PERMS.update, scope: 'row', placement: ['show'], success: '答复成功',
      call: { title: '答复申请', shownWhen: pendingOnly, prefillFromRecord: { replyDept: 'handleDeptName' } },
      input: [
        { name: 'status', label: '答复结果', type: 'enum', required: true, default: 2, options: [{ value: 2, label: '已答复（予以公开/部分公开/信息不存在等）' }, { value: 3, label: '不予公开' }] },
        { name: 'replyDept', label: '答复部门', type: 'text', maxLength: 100 },
        { name: 'replyContent', label: '答复内容', type: 'textarea', required: true, maxLength: 10000 },
        { name: 'replyAttachment', label: '答复附件（上传后的文件路径）', type: 'text', maxLength: 500 },
      ],
    },
    { name: 'transfer', label: '转办', path: '/apply/add', permission: PERMS.update, scope: 'row', placement: ['show'], success: '转办成功', call: { shownWhen: { status: 0 } },
      input: [{ name: 'handleDeptId', label: '受理部门', type: 'reference', reference: 'department', required: true }] },
    { name: 'extend', label: '延期', path: '/apply/add', permission: PERMS.update, scope: 'row', placement: ['show'], success: '已延期', confirm: '延期只能一次，确定将答复期限延长吗？',
      call: { values: { extend: 1 }, shownWhen: { ...pendingOnly, extended: 0 } } },
    { name: 'withdraw', label: '登记撤回', path: '/apply/add', permission: PERMS.update, scope: 'row', placement: ['show'], success: '已登记撤回', confirm: '确定登记申请人已撤回该申请吗？',
      call: { values: { status: 4 }, shownWhen: pendingOnly } },
    { name: 'remind', label: '短信催办', path: '/apply/sms/reminder', permission: 'apply:remind', scope: 'row', placement: ['show'], success: '已发送催办提醒', call: { shownWhen: pendingOnly } },
    { name: 'proof', label: '查看身份证明', path: '/apply/proof', permission: PERMS.get, scope: 'row', placement: ['show'], download: '身份证明', call: { hiddenWhen: { proofFile: null } } },
    { name: 'download', label: '下载申请表', path: '/apply/download', permission: 'apply:word', scope: 'row', placement: ['show'], download: '政府信息公开申请表.docx',
      word: { fileName: '政府信息公开申请表_{queryCode}', title: '政府信息公开申请_{infoName}', sections: [APPLICATION_FORM] } },
    { name: 'word', label: '导出Word', path: '/apply/exportWord', permission: 'apply:word', scope: 'row', placement: ['show'], download: '政府信息公开申请及答复.docx',
      word: { fileName: '政府信息公开申请及答复_{queryCode}', title: '政府信息公开申请_{infoName}', sections: [APPLICATION_FORM, APPLICATION_REPLY] } },
    // /apply/delete { id } beside the generic /apply/dels.
    { name: 'remove', label: '删除', path: '/apply/delete', permission: PERMS.delete, scope: 'row', run: true, placement: [], success: '删除成功' },
    {
      name: 'excel', label: '导出Excel', path: '/export/WbExcel', permission: 'apply:export', scope: 'none', download: '依申请公开.xlsx',
      export: {
        fileName: '依申请公开',
        columns: ['queryCode', 'applicantType', 'applicant', 'phone', { field: 'infoName', width: 30 }, { field: 'handleDeptName', header: '受理部门' }, 'status',
          { field: 'createTime', width: 20 }, { field: 'deadline', width: 20 }, 'overdue', 'replyDept', { field: 'replyTime', width: 20 }],
      },
    },
    { name: 'system', label: '办理设置', path: '/apply/system', permission: 'apply:system', scope: 'none' },
  ],
  // The citizen's calls (server/entities/apply/citizen.ts): the application, and his own by query code.
  publicOps: [
    { name: 'submit', label: '提交申请', path: '/web/apply/save', guard: 'apply', captcha: true, success: '申请已提交，请牢记查询码' },
    { name: 'find', label: '查询申请', path: '/web/apply/find', guard: 'apply-query', input: ownInput() },
    { name: 'get', label: '申请详情', path: '/web/apply/get', guard: 'apply-query', input: [...ownInput(), { name: 'id', label: '申请ID', type: 'number' }] },
    { name: 'myList', label: '我的申请', path: '/web/apply/list', guard: 'apply-query', input: ownInput() },
  ],
  // 办理设置 (/apply/system): deadlines in working days (《政府信息公开条例》第三十三条), kept in apply_setting.
  settings: {
    table: 'apply_setting', path: '/apply/system', permission: 'apply:system', label: '办理设置',
    fields: [
      { name: 'replyDays', label: '答复期限（工作日）', min: 1, max: 60, default: 20 },
      // At most once, with the head's approval.
      { name: 'extendDays', label: '延期期限（工作日）', min: 0, max: 60, default: 20 },
      // An SMS reminder is meaningful this many working days before the deadline.
      { name: 'remindBeforeDays', label: '提前提醒（工作日）', min: 0, max: 20, default: 3 },
    ],
  },
  personalLog: { label: '依申请公开', field: 'queryCode' },
  ownership: { department: 'handleDeptId', creator: 'creatorId' },
  menu: { group: 'interact', path: '/main/interact/apply', sort: 40 },
});

/** What a citizen gives to find his application (the lookups' request schema). */
function ownInput(): FieldDecl[] {
  return [
    { name: 'queryCode', label: '查询码', type: 'text' },
    { name: 'phone', label: '申请时填写的联系电话', type: 'text' },
    { name: 'idNumber', label: '申请时填写的证件号码（无电话时）', type: 'text' },
  ];
}
