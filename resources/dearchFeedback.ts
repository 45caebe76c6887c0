import { defineResource, ownershipFields, standardPermissions } from './define';

/**
 * 问答反馈 (the spec spells the paths `dearchfeedack`): what visitors said about an answer of the Q&A
 * knowledge base, with their satisfaction, or a question it could not answer; staff handle them with
 * /questAnswer/satisfiedAudit (处理), or answer the question into the knowledge base (补充答案).
 */
export default defineResource({
  name: 'dearchFeedback',
  table: 'dearch_feedback',
  label: '问答反馈',
  icon: 'Feedback',
  idField: 'id',
  titleField: 'quest',
  api: {
    list: { path: '/questAnswer/dearchfeedack/list' },
    get: { path: '/questAnswer/dearchfeedack/get', id: 'query' },
    create: { path: '/questAnswer/dearchfeedack/save' },
    update: { path: '/questAnswer/dearchfeedack/save' },
    delete: { path: '/questAnswer/dearchfeedack/dels', ids: 'body' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'questAnswerId', label: '对应问答', type: 'reference', reference: 'questAnswer' },
    { name: 'quest', label: '咨询问题', type: 'text', required: true, maxLength: 200 },
    { name: 'content', label: '反馈内容', type: 'textarea', maxLength: 1000 },
    {
      name: 'satisfied',
      label: '满意度',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '未评价' },
        { value: 1, label: '满意' },
        { value: 2, label: '不满意' },
      ],
    },
    {
      name: 'auditState',
      label: '处理状态',
      type: 'enum',
      readOnly: true,
      default: 0,
      options: [
        { value: 0, label: '未处理' },
        { value: 1, label: '已处理' },
      ],
    },
    { name: 'reply', label: '处理意见', type: 'textarea', maxLength: 1000 },
    { name: 'ip', label: 'IP', type: 'text', readOnly: true },
    ...ownershipFields,
  ],
  list: {
    columns: ['quest', 'satisfied', 'auditState', 'content', 'createTime'],
    filters: [
      { field: 'quest', op: 'like', alwaysOn: true },
      { field: 'satisfied', op: 'eq', alwaysOn: true },
      { field: 'auditState', op: 'eq' },
      { field: 'questAnswerId', op: 'eq' },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['createTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  form: ['quest', 'questAnswerId', 'satisfied', 'content', 'reply'],
  permissions: standardPermissions('dearchFeedback'),
  actions: [
    {
      // `ids` (or one `id`), each still 未处理, marked 已处理 (the generic `sets`); answers how many.
      name: 'satisfiedAudit', label: '处理', path: '/questAnswer/satisfiedAudit', permission: 'dearchFeedback:audit', scope: 'both', placement: ['toolbar'],
      when: { auditState: 0 }, refusal: '所选反馈中有已处理的记录', success: '处理成功', sets: { auditState: 1 },
    },
    {
      // The question a visitor could not get answered goes into the knowledge base with staff's answer,
      // and the feedback is handled with it (server/entities/dearchFeedback.ts; docs/interaction-forums.md).
      name: 'answer',
      label: '补充答案',
      path: '/questAnswer/dearchfeedack/answer',
      permission: 'dearchFeedback:answer',
      scope: 'row',
      // Only an unanswered question (不满意, 未处理): a 满意 one already has its entry, which would be doubled.
      when: { auditState: 0, satisfied: 2 },
      refusal: '只能为未处理的“不满意”反馈补充答案',
      success: '已补充答案，问答库已收录该问题',
      run: true,
      input: [
        // As long as the feedback's 处理意见, which keeps the answer too.
        { name: 'answer', label: '答案', type: 'textarea', required: true, maxLength: 1000 },
        { name: 'keywords', label: '关键词', type: 'text', maxLength: 200, help: '多个关键词用逗号或空格分隔' },
        {
          name: 'isCommon',
          label: '设为常见问题',
          type: 'enum',
          default: 0,
          options: [
            { value: 0, label: '否' },
            { value: 1, label: '是' },
          ],
        },
      ],
    },
  ],
  // A visitor rates an answer (satisfied 1 满意 / 2 不满意) and may say why: image code, limits of 'qaAssess'.
  publicOps: [{
    name: 'assess', label: '评价答案', path: '/questAnswer/assessDearchfeedback', guard: 'qaAssess', captcha: true, success: '感谢您的评价',
    input: [
      { name: 'satisfied', label: '满意度：1（满意）、2（不满意）', type: 'number', required: true },
      { name: 'questAnswerId', label: '被评价的问答ID', type: 'number' },
      { name: 'quest', label: '问题（无问答ID时必填）', type: 'text', maxLength: 200 },
      { name: 'content', label: '反馈内容', type: 'textarea', maxLength: 1000 },
    ],
  }],
  menu: { group: 'interact', path: '/main/interact/dearchFeedback', sort: 75 },
});
