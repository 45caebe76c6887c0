import { defineResource } from './define';
import { COLUMN_ROLE_OPTIONS } from './monitoring/columnRoles';

const TEMPLATE_FILE = { call: 'temList', wrongEnding: '必须是 .html 文件' } as const;

/**
 * 栏目: the site's sections, a tree (categoryCategoryId = parent, 0 = top; `tree`: parent, cycle and delete
 * guards). CRUD on the generic routes (saves take query fields, as the spec says), behaviour (path,
 * type rules, templates, delete messages) in server/entities/column.ts; the roles a column is granted to
 * are the link `roleIds` (category_role). The tree and a role's columns are declared reads, the form's content
 * models a read of 自定义模型 (resources/contentModel.ts), the grants saved by role a declared link step, the
 * caller's columns a read with `ancestors`, the template files a `files` call (session 27); see docs/content.md.
 * The screen is the generic tree view.
 */
export default defineResource({
  name: 'column',
  table: 'category',
  label: '栏目管理',
  icon: 'AccountTree',
  idField: 'categoryId',
  titleField: 'categoryTitle',
  api: {
    list: { path: '/column/list', method: 'GET', params: 'query', shape: 'array' },
    get: { path: '/column/get/{id}', id: 'path' },
    create: { path: '/column/save', params: 'query' },
    update: { path: '/column/edit', params: 'query' },
    delete: { path: '/column/del', ids: 'body' },
    extra: {
      tree: { path: '/column/tree', method: 'GET', label: '栏目树', reads: { shape: 'tree' } },
      // The template files below the data directory's templates folder (server/crud/filesCall.ts).
      temList: { path: '/column/tem/list', method: 'GET', label: '模板列表', files: { folder: 'templates', ext: ['html', 'htm', 'liquid'] } },
      // The columns granted to one role: the link `roleIds` read from the role's side.
      roleList: { path: '/column/role/list', method: 'GET', label: '角色栏目', reads: { shape: 'linked', link: 'roleIds', reverse: true, key: 'roleId', permission: 'column:role' } },
      // The caller's columns: those granted to his roles (every one for data scope ALL), with the ancestors that
      // place them in the tree (`granted`: false), whole, in the tree's order.
      userList: { path: '/column/role/user/list', method: 'GET', label: '我的栏目', reads: { shape: 'array', permission: 'article:list', ancestors: 'granted',
        through: { table: 'category_role', key: 'categoryId', other: 'roleId', caller: 'roleIds', allScope: true } } },
    },
  },
  fields: [
    { name: 'categoryId', label: '栏目ID', type: 'number', readOnly: true },
    { name: 'categoryTitle', label: '栏目名称', type: 'text', required: true, maxLength: 50 },
    { name: 'categoryCategoryId', label: '上级栏目', type: 'reference', reference: 'column', default: 0 },
    {
      name: 'columnType',
      label: '栏目类型',
      type: 'enum',
      required: true,
      default: 1,
      options: [
        { value: 1, label: '列表' },
        { value: 2, label: '封面' },
        { value: 3, label: '外链' },
      ],
    },
    { name: 'categorySort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    { name: 'categorySmallImg', label: '栏目缩略图', type: 'image', maxLength: 500 },
    { name: 'columnKeyword', label: '栏目关键字', type: 'text', maxLength: 200 },
    { name: 'columnDescrip', label: '栏目描述', type: 'textarea', maxLength: 500 },
    // The template files on disk (`/column/tem/list`), chosen from a list as on the old 栏目 screen; a saved one
    // stays below the templates folder and is an .html file (`fileOf`).
    { name: 'columnListUrl', label: '列表模板', type: 'text', maxLength: 200, choicesFrom: { path: '/column/tem/list', method: 'GET' }, fileOf: TEMPLATE_FILE },
    { name: 'columnUrl', label: '内容模板', type: 'text', maxLength: 200, choicesFrom: { path: '/column/tem/list', method: 'GET' }, fileOf: TEMPLATE_FILE },
    { name: 'columnDiyUrl', label: '外链地址', type: 'url', maxLength: 500, help: '栏目类型为外链时必填' },
    { name: 'columnContentModelId', label: '内容模型', type: 'reference', reference: 'contentModel', mustExist: { missing: '内容模型不存在' } },
    { name: 'relationCategoryid', label: '关联栏目', type: 'reference', reference: 'column', mustExist: { missing: '关联栏目不存在', self: '关联栏目不能是本栏目' } },
    { name: 'columnPath', label: '栏目路径', type: 'text', readOnly: true },
    {
      name: 'autoVoice', label: '自动生成语音', type: 'enum', default: 1,
      options: [{ value: 1, label: '开启' }, { value: 0, label: '关闭' }],
      help: '开启后，本栏目的文章每次发布时自动生成朗读语音（docs/voice.md）',
    },
    {
      name: 'columnRole',
      label: '栏目类别（考核）',
      type: 'enum',
      default: 'news',
      options: COLUMN_ROLE_OPTIONS,
      help: '单项否决和年度报表按此判断：动态要闻类2周内须更新，通知公告、政策文件类6个月内须更新；政府信息公开指南、制度、法定主动公开内容、年报为必备栏目',
    },
    { name: 'updateLimitDays', label: '更新期限（天）', type: 'number', min: 1, max: 3650, help: '超过该天数未发布文章即为“栏目不更新”；留空按栏目类别（考核）的期限' },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['categoryTitle', 'columnType', 'categorySort', 'columnPath'],
    filters: [{ field: 'categoryTitle', op: 'like', alwaysOn: true }],
    sortable: ['categorySort'],
    defaultSort: { field: 'categorySort', order: 'ASC' },
  },
  form: [
    'categoryTitle', 'categoryCategoryId', 'columnType', 'categorySort', 'columnContentModelId', 'columnListUrl', 'columnUrl',
    'columnDiyUrl', 'columnKeyword', 'columnDescrip', 'categorySmallImg', 'relationCategoryid',
    'columnRole', 'updateLimitDays', 'autoVoice', 'roleIds',
  ],
  links: [{ name: 'roleIds', label: '授权角色', table: 'category_role', from: 'categoryId', to: 'roleId', entity: 'role', missing: '角色不存在' }],
  tree: {
    parentField: 'categoryCategoryId',
    parentMissing: '上级栏目不存在',
    cycle: '上级栏目不能是本栏目或其下级栏目',
    hasChildren: '栏目“{title}”下有子栏目，不能删除',
    inUse: [{ table: 'article', column: 'columnId', message: '栏目“{title}”下有文章，不能删除' }],
    // The site path (`/3/12`), written on create and after a move for the subtree (server/crud/treePath.ts).
    pathField: 'columnPath',
  },
  permissions: { list: 'column:list', get: 'column:get', create: 'column:add', update: 'column:update', delete: 'column:delete' },
  // 栏目授权 by role (the spec's call names the role): the link `roleIds` set from the role's side (server/crud/linkReverse.ts).
  actions: [
    { name: 'role', label: '栏目授权', path: '/column/role/save', permission: 'column:role', scope: 'none', placement: [], run: true, success: '保存成功',
      linkStep: { link: 'roleIds', op: 'set', reverse: true, keys: ['roleId'], ids: ['categoryIds', 'categoryIdList', 'ids'], missing: '栏目不存在' } },
  ],
  menu: { group: 'content', path: '/main/article/column', sort: 40 },
});
