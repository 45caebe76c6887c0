import { defineResource, enabledOptions, standardPermissions } from './define';

/**
 * 搜索词库: words the search understands. 分词词典 words (local names: 云溪县, 白沙镇) are kept whole by the
 * segmenter and offered for pinyin (`baishazhen`, `bsz`); 纠错 entries map a wrong form (医宝) to the right
 * word (医保), shown as 您是不是要找：医保 (server/modules/content/search/understand.ts).
 */
export default defineResource({
  name: 'searchTerm',
  table: 'search_term',
  label: '搜索词库',
  icon: 'Spellcheck',
  idField: 'id',
  titleField: 'word',
  api: {
    list: { path: '/searchTerm/list' },
    get: { path: '/searchTerm/get', id: 'query' },
    create: { path: '/searchTerm/add' },
    update: { path: '/searchTerm/update' },
    delete: { path: '/searchTerm/dels', ids: 'body' },
    // Served by the search module (server/modules/content/search/statRoutes.ts): the 搜索统计 screen's data.
    extra: { statistics: { path: '/api/search/statistics', method: 'GET', label: '搜索统计' } },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'word', label: '词语', type: 'text', required: true, maxLength: 30, unique: true, help: '纠错类：填写错误写法，如“医宝”' },
    {
      name: 'kind',
      label: '类型',
      type: 'enum',
      default: 1,
      options: [
        { value: 1, label: '分词词典' },
        { value: 2, label: '纠错' },
      ],
    },
    { name: 'correctTo', label: '正确写法', type: 'text', maxLength: 30, help: '纠错类必填，如“医保”' },
    { name: 'status', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['word', 'kind', 'correctTo', 'status', 'updateTime'],
    filters: [
      { field: 'word', op: 'like', alwaysOn: true },
      { field: 'kind', op: 'eq', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
    ],
    sortable: ['word', 'kind', 'updateTime'],
    defaultSort: { field: 'id', order: 'ASC' },
  },
  form: ['word', 'kind', 'correctTo', 'status'],
  permissions: standardPermissions('searchTerm'),
  menu: { group: 'system', path: '/main/system/searchTerm', sort: 88 },
});
