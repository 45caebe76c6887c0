import { defineResource, ownership, ownershipFields, standardPermissions } from './define';

/** What the public reads of a topic. */
const PUBLIC_FIELDS = ['id', 'title', 'content', 'solicitDept', 'startTime', 'endTime', 'status', 'opinionCount', 'resultContent', 'resultTime', 'stopTime'];

/**
 * 意见征集: the government asks the public for opinions on a draft. Topics are written by staff; the
 * public leaves opinions while a topic is collecting; staff publish the result. Generic routes and views;
 * behaviour in server/entities/advice.ts (the module server/modules/interaction/advice provides its close task);
 * statuses in docs/interaction-forms.md.
 */
/** The public lists' `size`: 10 unless asked, at most 50. */
const SIZE = { param: 'size', default: 10, max: 50 };

export default defineResource({
  name: 'advice',
  table: 'advice',
  label: '意见征集',
  icon: 'RateReview',
  idField: 'id',
  titleField: 'title',
  api: {
    list: { path: '/advice/list' },
    get: { path: '/advice/detail', id: 'query' },
    create: { path: '/advice/add' },
    update: { path: '/advice/add' },
    delete: { path: '/advice/dels', ids: 'body' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '征集主题', type: 'text', required: true, maxLength: 200 },
    { name: 'content', label: '征集内容', type: 'richtext', required: true, maxLength: 200000 },
    { name: 'solicitDept', label: '征集部门', type: 'text', required: true, maxLength: 100 },
    { name: 'startTime', label: '开始时间', type: 'datetime', required: true },
    { name: 'endTime', label: '结束时间', type: 'datetime', required: true, after: 'startTime' },
    {
      name: 'status',
      label: '状态',
      type: 'enum',
      readOnly: true,
      default: 0,
      options: [
        { value: 0, label: '未开始' },
        { value: 1, label: '征集中' },
        { value: 2, label: '已结束' },
        { value: 3, label: '已反馈' },
      ],
    },
    { name: 'opinionCount', label: '意见数', type: 'number', readOnly: true, default: 0 },
    { name: 'resultContent', label: '结果反馈', type: 'richtext', readOnly: true },
    { name: 'resultTime', label: '反馈时间', type: 'datetime', readOnly: true },
    { name: 'stopTime', label: '结束时间（实际）', type: 'datetime', readOnly: true },
    ...ownershipFields,
  ],
  list: {
    columns: ['title', 'solicitDept', 'status', 'startTime', 'endTime', 'opinionCount', 'resultTime'],
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['startTime', 'endTime', 'opinionCount', 'createTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  form: ['title', 'solicitDept', 'startTime', 'endTime', 'content'],
  permissions: standardPermissions('advice'),
  actions: [
    // 查看意见: the detail call's opinions (the child collection) in a dialog, with their export.
    {
      name: 'opinions', label: '查看意见', path: '/advice/detail', permission: 'advice:get', scope: 'row', placement: ['row'],
      tableDialog: {
        source: 'opinions', title: '征集意见：{title}', numbered: '序号', empty: '暂无意见',
        columns: [
          { field: 'content', label: '意见内容', wrap: true }, { field: 'name', label: '姓名', width: 90, blank: '匿名' },
          { field: 'phone', label: '联系电话', width: 120 }, { field: 'createTime', label: '提交时间', width: 170 },
        ],
        download: { action: 'export', label: '导出意见', fileName: '意见征集_{title}.xlsx' },
      },
    },
    {
      name: 'stop', label: '停止征集', path: '/advice/stopAdvice', permission: 'advice:stop', scope: 'row', confirmTitle: '提示信息',
      confirm: '停止后将不再接受群众意见，且不能重新开始，确定停止征集吗？',
      when: { status: [0, 1] }, refusal: '该征集已结束', success: '已结束征集', sets: { status: 2, stopTime: '$now' }, placement: ['row', 'show'],
      // spec part 1 writes 结束征集 at the root too.
      alsoAt: [{ path: '/stopAdvice', values: {} }],
    },
    {
      name: 'resultReply', label: '结果反馈', path: '/advice/resultReply', permission: 'advice:reply', scope: 'row',
      when: { status: [2, 3] }, refusal: '请先结束征集，再反馈结果', success: '结果已发布', run: true, call: { submit: '发布反馈', prefillFromRecord: true },
      input: [{ name: 'resultContent', label: '反馈内容', type: 'richtext', editor: 'lines', required: true, maxLength: 200000, help: '将在门户网站该征集主题下公开；每行一个段落' }],
      sets: { resultContent: { input: 'resultContent' }, resultTime: '$now', status: 3 },
    },
    {
      name: 'export', label: '导出', path: '/advice/adviceExcel', permission: 'advice:export', scope: 'none', download: '意见征集.xlsx',
      // The topics the search finds; with a topic's `id`, that topic's opinions (the 查看意见 dialog's 导出意见).
      export: {
        fileName: '意见征集', sheet: '征集主题', dated: false,
        columns: [{ field: 'id', header: 'ID', width: 8 }, { field: 'title', width: 36 }, { field: 'solicitDept', width: 18 }, 'status', { field: 'startTime', width: 20 }, { field: 'endTime', width: 20 }, { field: 'opinionCount', width: 10 }, { field: 'resultTime', width: 20 }],
        child: {
          name: 'opinions', sheet: '意见列表', fileName: '意见征集_{title}', numbered: '序号',
          columns: [{ field: 'name', header: '姓名', width: 12 }, { field: 'phone', header: '联系电话', width: 16 }, { field: 'content', header: '意见内容', width: 60 }, { field: 'createTime', header: '提交时间', width: 20 }, { field: 'queryCode', header: '查询码', width: 16 }],
        },
      },
    },
    { name: 'task', label: '到期检查', path: '/advice/resulttask', permission: 'advice:task', scope: 'none', success: '检查完成', run: true },
  ],
  // The citizen's opinion on a collecting topic (image code, per-address limits of 'advice', a query code),
  // and his own opinions by that code and his phone (spec part 1 writes /web/my/list at the root too).
  publicOps: [{
    name: 'opinion', label: '提交意见', path: '/advice/web/add', guard: 'advice', captcha: true, success: '提交成功，感谢您的宝贵意见',
    input: [
      { name: 'adviceId', label: '征集主题ID', type: 'number', required: true },
      { name: 'content', label: '意见内容', type: 'textarea', required: true, maxLength: 3000 },
      { name: 'name', label: '姓名', type: 'text', maxLength: 50 },
      { name: 'phone', label: '联系电话', type: 'text', required: true },
    ],
  }, {
    name: 'myList', label: '我的意见', path: '/advice/web/my/list', alsoAt: ['/web/my/list'], guard: 'advice-query',
    input: [{ name: 'queryCode', label: '查询码', type: 'text', required: true }, { name: 'phone', label: '提交意见时填写的联系电话', type: 'text', required: true }],
  }],
  // What the public site reads: the collecting topics, the answered ones, one topic once opened.
  reads: [
    { name: 'webList', label: '征集中的主题', path: '/advice/web/list', alsoAt: ['/web/list'], shape: 'array', size: SIZE, where: { status: 1 }, fields: PUBLIC_FIELDS,
      sort: [{ field: 'endTime', order: 'ASC' }, { field: 'id', order: 'DESC' }] },
    { name: 'resultList', label: '已反馈的主题', path: '/advice/web/resultList', shape: 'array', size: SIZE, where: { status: 3 }, fields: PUBLIC_FIELDS,
      sort: [{ field: 'resultTime', order: 'DESC' }, { field: 'id', order: 'DESC' }] },
    { name: 'webMyDetail', label: '主题详情', path: '/advice/web/my/detail', alsoAt: ['/web/my/detail'], shape: 'one', where: { status: [1, 2, 3] }, fields: PUBLIC_FIELDS },
  ],
  // The public's opinions (table advice_opinion): answered by the detail call, newest first, phones masked;
  // deleted with the topic. The citizen's public operation writes them (server/entities/advice.ts).
  children: [{ name: 'opinions', label: '意见', table: 'advice_opinion', key: 'adviceId', orderBy: ['createTime'], order: 'desc', limit: 500, masked: true }],
  ownership,
  // Topics open at their start and close at their end: the cluster's scheduled check (and 到期检查, the `task` action).
  schedule: {
    name: 'openClose', everyMs: 5 * 60_000,
    steps: [
      { name: 'closed', where: { status: [0, 1] }, due: [['endTime', '<']], set: { status: 2, stopTime: '$now' } },
      { name: 'opened', where: { status: 0 }, due: [['startTime', '<='], ['endTime', '>=']], set: { status: 1 } },
    ],
  },
  menu: { group: 'interact', path: '/main/interact/advice', sort: 35 },
});
