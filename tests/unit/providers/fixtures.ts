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

/**
 * A department-like declaration with the odd shapes of the contract: a GET list with query values that
 * answers a plain array, a body key named `deptId`, one-record deletes with the key in the path, and a
 * save that takes its fields as query values (as /column/save does).
 */
export const unit = defineResource({
  name: 'unit',
  table: 'unit',
  label: '单位',
  icon: 'AccountTree',
  idField: 'deptId',
  titleField: 'name',
  routes: 'module',
  api: {
    list: { path: '/ding/unit/list', method: 'GET', params: 'query', shape: 'array' },
    get: { path: '/ding/unit/view', id: 'body', idParam: 'deptId' },
    create: { path: '/ding/unit/save', params: 'query' },
    update: { path: '/ding/unit/save', params: 'query' },
    delete: { path: '/ding/unit/{id}', ids: 'path', perRecord: true },
  },
  fields: [
    { name: 'deptId', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '名称', type: 'text', required: true },
  ],
  list: { columns: ['name'], filters: [], sortable: [], defaultSort: { field: 'name', order: 'ASC' } },
  permissions: standardPermissions('unit'),
  menu: { group: 'system', path: '/main/system/unit', sort: 10 },
});

export const resourcesWithShapes: readonly ResourceDecl[] = [announcement, article, unit];
