import { defineResource, enabledOptions, ownership, ownershipFields, standardPermissions } from './define';

/** 敏感词: words checked in articles and public submissions; `level` says what a hit does. */
export default defineResource({
  name: 'sensitive',
  table: 'sensitive_word',
  label: '敏感词',
  icon: 'Block',
  idField: 'id',
  titleField: 'word',
  api: {
    list: { path: '/sensitive/list' },
    get: { path: '/sensitive/get', id: 'query' },
    create: { path: '/sensitive/add' },
    update: { path: '/sensitive/add' },
    delete: { path: '/sensitive/dels', ids: 'body' },
    extra: {
      // Declared reads (server/crud/reads/): the most hit words, `size` of them; the words per type.
      top: { path: '/sensitive/top', label: '命中排行', reads: { shape: 'array', sort: [{ field: 'hitCount', order: 'DESC' }], size: { param: 'size', default: 10, max: 200, required: true } } },
      typeList: { path: '/sensitive/typeList', label: '敏感词类型', reads: { shape: 'counts', field: 'type' } },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'word', label: '敏感词', type: 'text', required: true, maxLength: 50, unique: true },
    {
      name: 'type',
      label: '类型',
      type: 'enum',
      required: true,
      default: 5,
      options: [
        { value: 1, label: '政治敏感' },
        { value: 2, label: '色情低俗' },
        { value: 3, label: '暴力恐怖' },
        { value: 4, label: '违法犯罪' },
        { value: 5, label: '其他' },
      ],
    },
    {
      name: 'level',
      label: '处理方式',
      type: 'enum',
      required: true,
      default: 2,
      options: [
        { value: 1, label: '禁止发布' },
        { value: 2, label: '需要审核' },
        { value: 3, label: '仅提示' },
      ],
    },
    { name: 'replacement', label: '替换为', type: 'text', maxLength: 50 },
    { name: 'status', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    { name: 'hitCount', label: '命中次数', type: 'number', readOnly: true, default: 0 },
    ...ownershipFields,
  ],
  list: {
    columns: ['word', 'type', 'level', 'replacement', 'status', 'hitCount', 'createTime'],
    filters: [
      { field: 'word', op: 'like', alwaysOn: true },
      { field: 'type', op: 'eq', alwaysOn: true },
      { field: 'level', op: 'eq' },
      { field: 'status', op: 'eq' },
    ],
    sortable: ['word', 'hitCount', 'createTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  form: ['word', 'type', 'level', 'replacement', 'status'],
  permissions: standardPermissions('sensitive'),
  ownership,
  menu: { group: 'system', path: '/main/system/sensitiveWord', sort: 90 },
});
