import { defineResource } from './define';

/**
 * 自定义模型: extra article fields per column. Each model owns a table `cm_<cmTableName>` keyed by
 * articleId; its fields live in content_model_field. The model itself is served by the generic routes with
 * its behaviour in server/entities/contentModel.ts (table-name rules, fields written with a new model, the
 * table made and dropped); the field calls and the rows page stay in server/modules/content/contentModels.
 */
export const CONTENT_FIELD_TYPES = [
  { value: 1, label: '单行文本' },
  { value: 2, label: '多行文本' },
  { value: 3, label: '富文本' },
  { value: 4, label: '数字' },
  { value: 5, label: '日期' },
  { value: 6, label: '下拉选择' },
  { value: 7, label: '图片' },
  { value: 8, label: '附件' },
] as const;

export default defineResource({
  name: 'contentModel',
  table: 'content_model',
  label: '自定义模型',
  icon: 'ViewQuilt',
  idField: 'cmId',
  titleField: 'cmTipsName',
  api: {
    list: { path: '/api/contentModel/list' },
    get: { path: '/api/contentModel/{id}/getById', method: 'GET', id: 'path' },
    create: { path: '/api/contentModel/save' },
    update: { path: '/api/contentModel/update' },
    delete: { path: '/api/contentModel/delete', ids: 'body', orId: true },
    extra: {
      // A model's fields (字段管理): paged by path values, saved and deleted by their own calls.
      fieldList: { path: '/api/contentModel/{cmId}/{pageNum}/{pageSize}/listForm', method: 'GET', label: '字段列表' },
      fieldSave: { path: '/api/contentModel/saveForm', label: '新增字段' },
      fieldUpdate: { path: '/api/contentModel/updateForm', label: '修改字段' },
      fieldDelete: { path: '/api/contentModel/deleteForm', label: '删除字段' },
    },
  },
  fields: [
    { name: 'cmId', label: '模型ID', type: 'number', readOnly: true },
    { name: 'cmTipsName', label: '模型名称', type: 'text', required: true, maxLength: 50 },
    {
      name: 'cmTableName',
      label: '表名',
      type: 'text',
      required: true,
      unique: true,
      createOnly: true,
      existsAt: '/api/contentModel/{key}/checkcmTableNameExist',
      // The pattern bounds the length too (its message, not a length message, answers a long name).
      pattern: { source: '^[a-z][a-z0-9_]{1,29}$', message: '表名只能以小写字母开头，由小写字母、数字和下划线组成，长度2–30个字符' },
      help: '小写字母开头，只含小写字母、数字和下划线，2–30个字符；保存后不能修改',
    },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['cmTipsName', 'cmTableName', 'createTime'],
    filters: [{ field: 'cmTipsName', op: 'like', alwaysOn: true }],
    sortable: ['cmTipsName', 'createTime'],
    defaultSort: { field: 'cmId', order: 'DESC' },
    joins: [{ name: 'fieldCount', table: 'content_model_field', column: 'fieldId', on: 'cmId', key: 'fieldCmId', count: true }],
  },
  form: ['cmTipsName', 'cmTableName'],
  // The fields, answered with every read of a model; added, changed and removed one at a time by their calls,
  // whose rules are the behaviour's (server/entities/contentModel.ts `childRows`).
  children: [{
    name: 'fields', label: '字段', table: 'content_model_field', key: 'fieldCmId', idField: 'fieldId', orderBy: ['fieldSort'], everyRead: true,
    fields: ['fieldId', 'fieldCmId', 'fieldTipsName', 'fieldFieldName', 'fieldType', 'fieldOptions', 'fieldRequired', 'fieldSort', 'fieldDefault'], lists: ['fieldOptions'],
    rowCalls: {
      permissions: { read: 'contentModel:get', write: 'contentModel:update' },
      parentParams: ['fieldCmId', 'cmId', 'contentModelId'],
      idParams: ['fieldId', 'id'],
      get: '/api/contentModel/{filedId}/getFromById',
      add: '/api/contentModel/saveForm',
      update: '/api/contentModel/updateForm',
      remove: '/api/contentModel/deleteForm',
      unique: [{ field: 'fieldFieldName', label: '字段名' }],
      createOnly: [{ field: 'fieldFieldName', label: '字段名' }],
      // A new model's body may bring its first fields (`fields: [...]`).
      withRecord: true,
      inputs: {
        fieldFieldName: ['string', '字段名：小写字母开头，小写字母、数字和下划线，不超过30个字符（保存后不能修改）'],
        fieldTipsName: ['string', '字段提示名，不超过50个字符'],
        fieldType: ['integer', '字段类型（数字与文本类之间不能修改）'],
        fieldOptions: ['any', '下拉选项：数组，或以换行、逗号分隔（不超过100个）'],
        fieldRequired: ['integer', '必填：1（是）、0（否）'],
        fieldSort: ['integer', '排序'],
      },
    },
  }],
  // What the column form chooses from (栏目's key: the column screens ask it).
  reads: [
    { name: 'columnChoices', label: '内容模型', path: '/column/content/model/list', method: 'GET', shape: 'array', permission: 'column:list', sort: [{ field: 'cmId', order: 'ASC' }], fields: ['cmId', 'cmTipsName', 'cmTableName'] },
  ],
  // The fields (新增/编辑/删除字段) and the rows of the model under the show view.
  showPanels: ['contentModelFields'],
  permissions: { list: 'contentModel:list', get: 'contentModel:get', create: 'contentModel:add', update: 'contentModel:update', delete: 'contentModel:delete' },
  menu: { group: 'system', path: '/main/system/CustomModel', sort: 80 },
});
