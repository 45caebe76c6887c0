import { defineResource, enabledOptions, standardPermissions } from './define';

/**
 * 搜索同义词: one group of words a search treats as the same (医保 ⇄ 医疗保障 ⇄ 医疗保险). A search for any
 * word of an enabled group also finds the others (server/modules/content/search/understand.ts), with the
 * caller's `sortType` (docs/search-and-reports.md). Words are separated by commas, 、 or spaces.
 */
export default defineResource({
  name: 'searchSynonym',
  table: 'search_synonym',
  label: '搜索同义词',
  icon: 'CompareArrows',
  idField: 'id',
  titleField: 'words',
  api: {
    list: { path: '/searchSynonym/list' },
    get: { path: '/searchSynonym/get', id: 'query' },
    create: { path: '/searchSynonym/add' },
    update: { path: '/searchSynonym/update' },
    delete: { path: '/searchSynonym/dels', ids: 'body' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'words', label: '同义词组', type: 'text', required: true, maxLength: 200, unique: true, help: '用逗号、顿号或空格分隔，如：医保，医疗保障，医疗保险' },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
    { name: 'status', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['words', 'remark', 'status', 'updateTime'],
    filters: [
      { field: 'words', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
    ],
    sortable: ['words', 'updateTime'],
    defaultSort: { field: 'id', order: 'ASC' },
  },
  form: ['words', 'remark', 'status'],
  permissions: standardPermissions('searchSynonym'),
  menu: { group: 'system', path: '/main/system/searchSynonym', sort: 86 },
});
