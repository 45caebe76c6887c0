import { defineResource, ownership, ownershipFields, standardPermissions } from './define';

/** What a citizen sees of a survey (the public reads, /web/survey/find). */
export const PUBLIC_FIELDS = ['id', 'title', 'description', 'startTime', 'endTime', 'anonymous', 'status', 'publicResult', 'recordCount', 'deptName', 'createTime'] as const;
/** A question's type (survey_question.type). */
const QUESTION_TYPES = { 0: '单选', 1: '多选', 2: '文本' } as const;
const NEWEST = [{ field: 'createTime', order: 'DESC' }, { field: 'id', order: 'DESC' }] as const;
/** Results are public when staff switched 公开结果 on for a survey that has started (已开始, 已暂停, 已结束). */
export const RESULTS_PUBLIC = { publicResult: 1, status: [1, 2, 3] } as const;

/**
 * 问卷调查: questionnaires with questions (0 单选, 1 多选, 2 文本) and options; the public answers them.
 * The record's CRUD and transitions are generic, its questions saved with it by server/entities/survey.ts;
 * server/modules/interaction/surveys serves the records, results, exports and the public calls;
 * statuses and transitions in docs/interaction-forms.md.
 */
export default defineResource({
  name: 'survey',
  table: 'survey',
  label: '问卷调查',
  icon: 'Poll',
  idField: 'id',
  titleField: 'title',
  api: {
    list: { path: '/survey/list' },
    get: { path: '/survey/detail', id: 'body' },
    create: { path: '/survey/add' },
    update: { path: '/survey/add' },
    // orId: /survey/delete (query id) is the same delete of one survey (alsoAt below).
    delete: { path: '/survey/dels', ids: 'body', orId: true },
    alsoAt: [{ where: {}, delete: '/survey/delete' }],
    extra: {
      open: { path: '/survey/open', label: '开始/暂停' },
      examine: { path: '/survey/examine', label: '结束' },
      answerdetail: { path: '/survey/answerdetail', label: '统计结果' },
      recordList: { path: '/survey/record/list', label: '答卷记录' }, // the declared childPages below
      recordGet: { path: '/survey/record/get', label: '答卷详情' },
      text: { path: '/survey/text', label: '文本答案' },
      excel: { path: '/survey/survrveyExcel', label: '导出' },
      webFind: { path: '/web/survey/find', label: '问卷（公众）' },
      // The newest running surveys for the portal's home block (size required: 1001 without it).
      webTop: {
        path: '/web/survey/top', label: '最新问卷（公众）',
        reads: { shape: 'array', who: 'public', where: { status: 1 }, sort: NEWEST, fields: PUBLIC_FIELDS, size: { param: 'size', default: 5, max: 50, required: true } },
      },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '问卷标题', type: 'text', required: true, maxLength: 200 },
    { name: 'description', label: '问卷说明', type: 'textarea', maxLength: 2000 },
    { name: 'startTime', label: '开始时间', type: 'datetime' },
    { name: 'endTime', label: '结束时间', type: 'datetime', after: 'startTime' },
    {
      name: 'anonymous',
      label: '答卷方式',
      type: 'enum',
      default: 1,
      options: [
        { value: 1, label: '匿名' },
        { value: 0, label: '需填写联系方式' },
      ],
    },
    {
      name: 'status',
      label: '状态',
      type: 'enum',
      readOnly: true,
      default: 0,
      options: [
        { value: 0, label: '未开始' },
        { value: 1, label: '已开始' },
        { value: 2, label: '已暂停' },
        { value: 3, label: '已结束' },
      ],
    },
    {
      // Design (docs/interaction-forms.md "Published results"): staff choose whether citizens see the results.
      name: 'publicResult',
      label: '公开结果',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '不公开' },
        { value: 1, label: '公开' },
      ],
      help: '公开后，门户网站的在线调查页面可查看该问卷的统计结果（文本答案不公开）',
      // A switch in the list (an ended survey is no longer edited, this still changes).
      toggle: { ariaLabel: '公开“{title}”的调查结果', on: '已公开结果', off: '已取消公开结果' },
    },
    { name: 'recordCount', label: '答卷数', type: 'number', readOnly: true, default: 0 },
    ...ownershipFields,
  ],
  list: {
    columns: ['title', 'status', 'anonymous', 'publicResult', 'startTime', 'endTime', 'recordCount', 'deptName', 'createTime'],
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['title', 'startTime', 'endTime', 'recordCount', 'createTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
    // 统计结果 is the show view (its charts and records below); a running survey is not edited, nor deleted.
    rowLinks: [{ label: '统计结果', to: '/main/interact/problemExamine/{id}/show', permission: 'survey:result', shownWhen: { status: [1, 2, 3] } }],
    createLabel: '新建问卷',
    rowEditWhen: { status: [0, 2] },
    rowDeleteWhen: { status: [0, 2, 3] },
  },
  // 统计结果: a chart per choice question (a pie for 单选, bars for 多选), the text answers of a 文本 question paged.
  showCharts: {
    call: 'answerdetail',
    label: '统计结果',
    total: { field: 'recordCount', label: '答卷数' },
    groups: 'questions',
    title: '{title}（{typeName}，{answered}人作答）',
    items: 'options',
    itemLabel: 'content',
    count: 'count',
    percent: 'percent',
    unit: '票',
    pieWhen: { type: 0 },
    pagedWhen: { when: { type: 2 }, call: 'text', param: 'id', columns: [{ field: 'content', label: '回答内容' }, { field: 'createTime', label: '提交时间' }] },
  },
  showPaged: [
    {
      call: 'recordList',
      label: '答卷记录',
      param: 'surveyId',
      columns: [{ field: 'id', label: '答卷编号' }, { field: 'name', label: '姓名', empty: '匿名' }, { field: 'phone', label: '联系电话' }, { field: 'createTime', label: '提交时间' }],
    },
  ],
  form: ['title', 'description', 'startTime', 'endTime', 'anonymous', 'publicResult'],
  permissions: standardPermissions('survey'),
  // The transitions post statusDto `{ id, status }`: open and examine run in server/entities/survey/transitions.ts;
  // 暂停 is the open call with status 2 (docs/interaction-forms.md).
  actions: [
    {
      name: 'open', label: '开始', path: '/survey/open', permission: 'survey:open', scope: 'row', placement: ['row', 'show'], success: '问卷已开始', run: true, republish: true,
      call: { values: { status: 1 }, shownWhen: { status: [0, 2] }, variant: { when: { status: 2 }, label: '恢复', success: '问卷已恢复' } },
    },
    { name: 'pause', label: '暂停', path: '/survey/open', permission: 'survey:open', scope: 'row', placement: ['row', 'show'], success: '问卷已暂停', call: { values: { status: 2 }, shownWhen: { status: 1 } } },
    {
      name: 'examine', label: '结束', path: '/survey/examine', permission: 'survey:examine', scope: 'row', placement: ['row', 'show'], success: '问卷已结束', run: true, republish: true,
      confirm: '结束后不再接受答卷，且不能重新开始，确定结束该问卷吗？', confirmTitle: '提示信息', call: { values: { status: 3 }, shownWhen: { status: [0, 1, 2] } },
    },
    { name: 'result', label: '统计结果', path: '/survey/answerdetail', permission: 'survey:result', scope: 'row' },
    // The list's export (ID and title first), or with surveyId / id one survey's results and records (`responses`).
    {
      name: 'export', label: '导出', path: '/survey/survrveyExcel', permission: 'survey:export', scope: 'none', download: '问卷列表.xlsx',
      export: {
        fileName: '问卷列表', sheet: '问卷列表', dated: false, columns: [{ field: 'id', header: 'ID', width: 8 }, { field: 'title', width: 36 }],
        responses: {
          params: ['surveyId', 'id'], fileName: '问卷结果_{title}',
          results: { sheet: '统计结果', no: '序号', count: '票数', percent: '比例(%)' },
          records: { sheet: '答卷记录', columns: [{ field: 'id', header: '答卷编号' }, { field: 'createTime', header: '提交时间', width: 20 }, { field: 'name', header: '姓名' }, { field: 'phone', header: '联系电话' }, { field: 'ip', header: 'IP' }] },
        },
      },
    },
    // One survey's results and records: the same call with the survey's id.
    { name: 'exportResult', label: '导出Excel', path: '/survey/survrveyExcel', permission: 'survey:export', scope: 'row', placement: ['show'], download: '问卷结果.xlsx' },
  ],
  // The questions → options (survey_question, survey_option): answered by the detail call, deleted with the
  // survey, sent with its save as `questions` (checked, written and answered by the generic save: `form`).
  // The designer is the generic form's `form` of both levels (a question's 选项 only for 单选 / 多选); the
  // questions change only while nobody answered and the survey is not running (server/entities/survey.ts refuses).
  children: [{
    name: 'questions', label: '题目', table: 'survey_question', key: 'surveyId', orderBy: ['sort'],
    fields: ['id', 'surveyId', 'title', 'type', 'required', 'sort'], labelOf: { field: 'type', as: 'typeName', options: QUESTION_TYPES },
    form: {
      rowLabel: '第{n}题', min: 1, max: 100, messages: { tooFew: '问卷至少需要一道题目', tooMany: '题目不能超过{max}道' },
      editableWhen: { status: [0, 2], recordCount: 0 },
      lockedNote: '问卷已有答卷或正在进行中，题目不能修改；可以修改标题、说明和时间。',
      fields: [
        { name: 'title', label: '题目', type: 'text', required: true, maxLength: 500 },
        { name: 'type', label: '题型', type: 'enum', required: true, default: 0, options: Object.entries(QUESTION_TYPES).map(([value, label]) => ({ value: Number(value), label })) },
        { name: 'required', label: '必答', type: 'enum', required: true, default: 1, options: [{ value: 1, label: '必答' }, { value: 0, label: '选答' }] },
      ],
    },
    children: [{
      name: 'options', label: '选项', table: 'survey_option', key: 'questionId', rootKey: 'surveyId', orderBy: ['sort'], fields: ['id', 'questionId', 'content', 'sort'],
      form: {
        min: 2, max: 50, messages: { tooFew: '{row}（选择题）至少需要两个选项' }, shownWhen: { type: [0, 1] },
        fields: [{ name: 'content', label: '选项', type: 'text', required: true, maxLength: 200 }],
      },
    }],
  }],
  // The citizen's answers (image code, the per-address limits of 'survey'; one answer per visitor): checked
  // and written by server/entities/survey/answering.ts.
  publicOps: [{
    name: 'answer', label: '提交答卷', path: '/web/survey/save', guard: 'survey', captcha: true, success: '提交成功，感谢您的参与',
    input: [
      { name: 'surveyId', label: '问卷ID', type: 'number', required: true, help: '也可写作 id' },
      { name: 'visitorToken', label: '访客标识', type: 'text', required: true, help: '客户端保存的16–64位字母、数字、_或-' },
      { name: 'name', label: '姓名', type: 'text', maxLength: 50, help: '非匿名问卷必填' },
      { name: 'phone', label: '联系电话', type: 'text', help: '非匿名问卷必填' },
      { name: 'answers', label: '答案', type: 'textarea', required: true, help: '数组：[{ questionId, optionIds 或 optionId, text }]' },
    ],
  }],
  // The portal's lists: the running surveys by title, and those whose results are public.
  reads: [
    { name: 'webList', label: '问卷列表（公众）', path: '/web/survey/list', where: { status: 1 }, filters: [{ field: 'title', op: 'like' }], sort: NEWEST, fields: PUBLIC_FIELDS },
    { name: 'resultList', label: '已公开结果的问卷', path: '/web/survey/resultList', where: RESULTS_PUBLIC, sort: [{ field: 'updateTime', order: 'DESC' }, { field: 'id', order: 'DESC' }], fields: PUBLIC_FIELDS },
  ],
  // 答卷记录 of one survey (its id as surveyId or id), searched by 提交时间 and 联系电话, the phones masked.
  childPages: [{
    name: 'records', label: '答卷记录', path: '/survey/record/list', table: 'survey_record', key: 'surveyId', params: ['surveyId', 'id'],
    filters: [{ field: 'createTime', label: '提交时间', op: 'range' }, { field: 'phone', label: '联系电话', op: 'eq' }],
    sort: [{ field: 'createTime', order: 'DESC' }, { field: 'id', order: 'DESC' }], fields: ['id', 'surveyId', 'name', 'phone', 'ip', 'createTime'], masked: true,
  }],
  // The citizens' answer records (survey_record) and answers (survey_answer): checked against the questions,
  // stored and counted by the generic machinery (server/crud/responses/); 统计结果, 答卷详情 and 文本答案 are its calls.
  responses: {
    questions: 'questions', choices: 'options', noun: '问卷', questionTitle: 'title', choiceLabel: 'content',
    type: { field: 'type', single: 0, text: 2 }, required: 'required', textMax: 2000,
    records: { table: 'survey_record', key: 'surveyId', count: 'recordCount', time: 'createTime', hidden: ['visitorToken'] },
    answers: { table: 'survey_answer', record: 'recordId', key: 'surveyId', question: 'questionId', choice: 'optionId', text: 'content' },
    as: { ids: 'optionIds', labels: 'optionContents' },
    calls: {
      results: { call: 'answerdetail', permission: 'survey:result', question: ['id', 'title', 'type', 'typeName', 'required'], choice: ['id', 'content'] },
      record: { call: 'recordGet', title: 'surveyTitle', question: ['title', 'type', 'typeName'], log: '问卷答卷' },
      texts: { call: 'text', permission: 'survey:result', fields: ['createTime', 'name'] },
    },
  },
  ownership,
  // The site's 在线调查 page shows the open surveys and public results: rendered again after a save or delete.
  republish: ['survey'],
  menu: { group: 'interact', path: '/main/interact/problemExamine', sort: 20 },
});
