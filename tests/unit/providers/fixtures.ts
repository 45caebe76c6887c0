import announcement from '../../../resources/announcement';
import { defineResource, standardPermissions } from '../../../resources/define';
import type { ResourceDecl } from '../../../resources/types';

/**
 * `announcement` is a real declaration (query keys, pageNum). `article` is made up for the other
 * variants: key field `articleId`, `pageNumber`, keys in the body, a GET extra call.
 */
export const article = defineResource({
  name: 'article',
  table: 'article',
  label: '文章',
  icon: 'Article',
  idField: 'articleId',
  titleField: 'title',
  api: {
    list: { path: '/api/article/list' },
    get: { path: '/api/article/get', id: 'body' },
    create: { path: '/api/article/save/admin' },
    update: { path: '/api/article/update' },
    delete: { path: '/api/article/delete', ids: 'body' },
    pageParam: 'pageNumber',
    extra: {
      view: { path: '/api/article/view', method: 'GET', label: '查看' },
      sensitive: { path: '/api/article/articleSensitiveList', label: '敏感词' },
    },
  },
  fields: [
    { name: 'articleId', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '标题', type: 'text', required: true },
  ],
  list: { columns: ['title'], filters: [], sortable: ['title', 'createTime'], defaultSort: { field: 'createTime', order: 'DESC' } },
  permissions: { ...standardPermissions('article'), create: 'article:save' },
  menu: { group: 'content', path: '/main/article/list', sort: 10 },
});

export const resources: readonly ResourceDecl[] = [announcement, article];
