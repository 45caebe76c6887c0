import { defineResource, ownershipFields, standardPermissions } from './define';

/** 智能问答知识库: questions, answers and keywords; the public looks up similar questions. */
/** The public lists' `size`: 10 unless asked, at most 50. */
const SIZE = { param: 'size', default: 10, max: 50 };

export default defineResource({
  name: 'questAnswer',
  table: 'quest_answer',
  label: '问答管理',
  icon: 'LiveHelp',
  idField: 'id',
  titleField: 'quest',
  api: {
    list: { path: '/questAnswer/list' },
    get: { path: '/questAnswer/get', id: 'query' },
    create: { path: '/questAnswer/save' },
    update: { path: '/questAnswer/save' },
    delete: { path: '/questAnswer/dels', ids: 'body' },
    extra: {
      welcome: { path: '/questAnswer/getWelcomeMessage', label: '欢迎语（公众）' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'quest', label: '问题', type: 'text', required: true, maxLength: 200 },
    { name: 'answer', label: '答案', type: 'textarea', required: true, maxLength: 5000 },
    { name: 'keywords', label: '关键词', type: 'text', maxLength: 200, help: '多个关键词用逗号或空格分隔' },
    {
      name: 'isCommon',
      label: '常见问题',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '否' },
        { value: 1, label: '是' },
      ],
    },
    {
      name: 'status',
      label: '状态',
      type: 'enum',
      default: 1,
      options: [
        { value: 0, label: '停用' },
        { value: 1, label: '启用' },
      ],
    },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    { name: 'hitCount', label: '命中次数', type: 'number', readOnly: true, default: 0 },
    ...ownershipFields,
  ],
  list: {
    columns: ['quest', 'keywords', 'isCommon', 'status', 'hitCount', 'updateTime'],
    filters: [
      { field: 'quest', op: 'like', alwaysOn: true },
      { field: 'keywords', op: 'like', alwaysOn: true },
      { field: 'isCommon', op: 'eq' },
      { field: 'status', op: 'eq' },
    ],
    sortable: ['hitCount', 'sort', 'createTime', 'updateTime'],
    defaultSort: { field: 'sort', order: 'ASC' },
  },
  form: ['quest', 'keywords', 'answer', 'isCommon', 'status', 'sort'],
  permissions: standardPermissions('questAnswer'),
  actions: [{
    // `ids` (or one `id`); isCommon 1 (the default) marks them, 0 unmarks them (the generic `sets`); answers how many.
    name: 'commonAudit', label: '设为常见问题', path: '/questAnswer/commonAudit', permission: 'questAnswer:common', scope: 'both', placement: ['toolbar'],
    success: '操作成功', sets: { isCommon: { input: 'isCommon' } },
    input: [{ name: 'isCommon', label: '常见问题', type: 'enum', default: 1, options: [{ value: 1, label: '是' }, { value: 0, label: '否' }] }],
  }],
  // The public assistant's common questions: enabled ones marked common, by their order.
  reads: [{
    name: 'commonList', label: '常见问题', path: '/questAnswer/commonList', shape: 'array', size: SIZE, where: { status: 1, isCommon: 1 }, fields: ['id', 'quest', 'answer'],
    sort: [{ field: 'sort', order: 'ASC' }, { field: 'hitCount', order: 'DESC' }],
  }],
  menu: { group: 'interact', path: '/main/interact/questAnswerList', sort: 74 },
});
