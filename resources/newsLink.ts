import { defineResource, enabledOptions, ownership, ownershipFields, standardPermissions } from './define';

/**
 * 外部新闻: the link lists behind the public calls /web/new/capital (首都/国务院要闻), /province,
 * /city and /xaxGgzyjypt (公共资源交易平台). Staff keep them; no feed is fetched from outside.
 */
export default defineResource({
  name: 'newsLink',
  table: 'news_link',
  label: '外部新闻',
  icon: 'RssFeed',
  idField: 'id',
  titleField: 'title',
  api: {
    list: { path: '/newsLink/list' },
    get: { path: '/newsLink/get', id: 'query' },
    create: { path: '/newsLink/add' },
    update: { path: '/newsLink/add' },
    delete: { path: '/newsLink/dels', ids: 'body' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    {
      name: 'feed',
      label: '栏目',
      type: 'enum',
      required: true,
      default: 'capital',
      options: [
        { value: 'capital', label: '国务院要闻' },
        { value: 'province', label: '省内要闻' },
        { value: 'city', label: '市内要闻' },
        { value: 'xaxGgzyjypt', label: '公共资源交易' },
      ],
    },
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 200 },
    { name: 'url', label: '链接地址', type: 'url', required: true, maxLength: 500 },
    { name: 'source', label: '来源', type: 'text', maxLength: 100 },
    { name: 'publishDate', label: '发布日期', type: 'date', required: true },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    { name: 'status', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    ...ownershipFields,
  ],
  list: {
    columns: ['feed', 'title', 'source', 'publishDate', 'sort', 'status'],
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'feed', op: 'eq', alwaysOn: true },
      { field: 'status', op: 'eq' },
    ],
    sortable: ['publishDate', 'sort', 'createTime'],
    defaultSort: { field: 'publishDate', order: 'DESC' },
  },
  form: ['feed', 'title', 'url', 'source', 'publishDate', 'sort', 'status'],
  permissions: standardPermissions('newsLink'),
  ownership,
  menu: { group: 'content', path: '/main/article/newsLink', sort: 68 },
});
