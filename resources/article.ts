import { defineResource, ownership, ownershipFields } from './define';
import type { ReadDecl } from './shape/reads';
import type { ReadDetailDecl } from './shape/readDetail';
import type { ActionDecl } from './types';
import type { ActionEditDecl } from './shape/actionSaves';

/**
 * 文章: the portal's articles and their review workflow (docs/content.md has the state machine).
 * List, get, save, update and delete on the generic routes, the review steps as actions, their behaviour in
 * server/entities/article.ts; public reads, order and copies in server/modules/content/articles.
 * The state machine below is shared by server and UI.
 */

/** What the public site reads of an article (its lists and detail), in this order. */
export const ARTICLE_PUBLIC_FIELDS = [
  'articleId', 'title', 'subTitle', 'columnId', 'summary', 'thumbnail', 'flags', 'source', 'author', 'keywords', 'publishTime',
  'jumpUrl', 'hits', 'sort', 'deptName',
] as const;

const FILTER_PARAMS = { columnId: '栏目ID', categoryId: '栏目ID（同 columnId）', flag: '文章属性', startTime: '发布时间起（yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss）', endTime: '发布时间止' };

/**
 * A page of published articles, sort then newest first: of one column (`exact`) or of a column and those below
 * it (the column under `parentId`, `categoryId` or `columnId`). The list's hooks read the column, 文章属性 and
 * dates (server/entities/article/list.ts) and add columnTitle and 文章属性 as a list.
 */
function publicList(name: string, path: string, exact: boolean, alsoAt?: string[]): ReadDecl {
  return {
    name, path, alsoAt, label: exact ? '已发布文章' : '栏目及下级栏目的已发布文章',
    where: { status: ARTICLE_STATUS.PUBLISHED },
    filters: [{ field: 'title', op: 'like' }],
    hooks: true,
    search: { columnExact: exact },
    from: { pageSize: ['pageSize', 'size'], ...(exact ? {} : { columnId: ['parentId', 'categoryId', 'columnId'] }) },
    params: FILTER_PARAMS,
    sort: PUBLIC_SORT,
    fields: [...ARTICLE_PUBLIC_FIELDS, 'columnTitle'],
  };
}

/** The public lists' order: sort, then newest first. */
const PUBLIC_SORT = [{ field: 'sort', order: 'DESC' }, { field: 'publishTime', order: 'DESC' }, { field: 'articleId', order: 'DESC' }] as const;

/** Article states: the spec's content-status values plus 6 待终审 (accepted at the first level). */
export const ARTICLE_STATUS = {
  TAKEN_DOWN: 1,
  REJECTED: 2,
  EDITING: 3,
  REVIEW: 4,
  PUBLISHED: 5,
  ACCEPTED: 6,
} as const;

/** An article's detail beside its public values: its model values labelled (the behaviour's readDetail) and its published related articles. */
const DETAIL: ReadDetailDecl = {
  hooks: true,
  related: { name: 'relevantList', where: { status: ARTICLE_STATUS.PUBLISHED }, fields: ['articleId', 'title', 'publishTime', 'columnId', 'jumpUrl', 'columnTitle'] },
};
const DETAIL_FIELDS = [...ARTICLE_PUBLIC_FIELDS, 'content', 'columnTitle', 'modelFields', 'relevantList'];

/**
 * One article as the public site shows it (`articleID` or `articleId`): a published one (`view`; `webView` adds the
 * previous and next article of its column in the lists' order), or any the caller reaches (`generaterView`, the
 * generation preview, with its state).
 */
function detailRead(name: string, path: string, label: string, more: Partial<ReadDecl>): ReadDecl {
  return { name, path, label, method: 'GET', shape: 'one', idParams: ['articleID', 'articleId'], where: { status: ARTICLE_STATUS.PUBLISHED }, detail: DETAIL, fields: DETAIL_FIELDS, ...more };
}

export const ARTICLE_STATUS_OPTIONS = [
  { value: 3, label: '编辑中' },
  { value: 4, label: '审核中' },
  { value: 6, label: '待终审' },
  { value: 2, label: '已退回' },
  { value: 5, label: '已发布' },
  { value: 1, label: '已下线' },
] as const;

/** Each state's label by its value (the history's labelled columns). */
const STATUS_LABELS: Readonly<Record<string, string>> = Object.fromEntries(ARTICLE_STATUS_OPTIONS.map((o) => [String(o.value), o.label]));

export function articleStatusLabel(status: unknown): string {
  return ARTICLE_STATUS_OPTIONS.find((o) => o.value === Number(status))?.label ?? '未知';
}

/** Essay flags (spec §4): a set, stored as a comma list. */
export const ESSAY_FLAGS = [
  { value: 1, label: '图片' },
  { value: 2, label: '推荐' },
  { value: 3, label: '幻灯' },
  { value: 4, label: '头条' },
  { value: 5, label: '跳转' },
] as const;

export type ArticleTransition =
  | 'submit'
  | 'withdraw'
  | 'accept'
  | 'acceptReject'
  | 'approve'
  | 'reject'
  | 'takeDown'
  | 'edit'
  | 'delete';

/**
 * The state machine: for each workflow step, the states it may start from, the state it leads to
 * (null = unchanged, or the record goes away for delete) and the permission key it needs.
 * `edit` of a published article additionally needs article:approve (checked by the server).
 */
export const ARTICLE_TRANSITIONS: Readonly<
  Record<ArticleTransition, { label: string; from: readonly number[]; to: number | null; permission: string }>
> = {
  submit: { label: '提交审核', from: [3, 2, 1], to: 4, permission: 'article:update' },
  withdraw: { label: '撤回', from: [4], to: 3, permission: 'article:update' },
  accept: { label: '初审通过', from: [4], to: 6, permission: 'article:accept' },
  acceptReject: { label: '初审退回', from: [4], to: 2, permission: 'article:accept' },
  approve: { label: '终审发布', from: [6, 1], to: 5, permission: 'article:approve' },
  reject: { label: '退回', from: [4, 6], to: 2, permission: 'article:reject' },
  takeDown: { label: '下线', from: [5], to: 1, permission: 'article:approve' },
  edit: { label: '修改', from: [3, 2, 1, 5], to: null, permission: 'article:update' },
  delete: { label: '删除', from: [3, 2, 1], to: null, permission: 'article:delete' },
};

/** A review step's opinion (the steps also read `remark` / `reason`, and name what is missing themselves). */

export default defineResource({
  name: 'article',
  table: 'article',
  label: '文章管理',
  icon: 'Article',
  idField: 'articleId',
  titleField: 'title',
  api: {
    // The generic list; what its filters cannot say is the behaviour's listWhere (server/entities/article/list.ts).
    list: { path: '/api/article/list', cachedBy: 'articleLists' },
    get: { path: '/api/article/redisByArticleId', method: 'GET', id: 'query', idParam: 'articleId' },
    create: { path: '/api/article/save/role' },
    update: { path: '/api/article/update' },
    delete: { path: '/api/article/delete', ids: 'body' },
    extra: {
      detection: { path: '/api/article/detection', label: '敏感词检测' },
      sensitiveList: { path: '/api/article/articleSensitiveList', label: '敏感词命中' },
      listByDept: { path: '/api/article/listByDept', label: '本部门文章' },
      fieldOverwrite: { path: '/api/article/queryFieldOverwrite', method: 'GET', label: '模型字段' },
      relevantList: { path: '/article/relevant/getArticleRelevantList', label: '相关文章' },
      relevantSave: { path: '/article/relevant/save', label: '添加相关文章' },
      relevantDelete: { path: '/article/relevant/deleteArticleRelevant', label: '移除相关文章' },
      voiceStatus: { path: '/articleVoice/status', label: '语音状态' },
      voiceSynthesis: { path: '/articleVoice/synthesis', label: '生成语音' },
      voiceDelete: { path: '/articleVoice/deleteVoice', label: '删除语音' },
      // Workflow steps `{ ids, opinion }` (served as the actions of the same names below).
      acceptReject: { path: '/api/article/acceptReject', label: '初审退回' },
      withdraw: { path: '/api/article/delArticleTask', label: '撤回' },
      takeDown: { path: '/api/article/rejectArticleTask', label: '下线' },
    },
    // 本部门文章: the list kept to the caller's department and those below (the review queue's `todo` not taken).
    alsoAt: [{ where: {}, list: '/api/article/listByDept', ownDepartments: true, ignore: ['todo'] }],
  },
  fields: [
    { name: 'articleId', label: '文章ID', type: 'number', readOnly: true },
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 200 },
    { name: 'subTitle', label: '副标题', type: 'text', maxLength: 200 },
    // The columns the caller may publish into, by their path (新闻中心 / 部门动态); shown as the list answers the title.
    { name: 'columnId', label: '所属栏目', type: 'reference', reference: 'column', required: true,
      choicesFrom: { path: '/column/role/user/list', method: 'GET', value: 'categoryId', label: 'categoryTitle', parent: 'categoryCategoryId', skip: [{ columnType: 3 }, { granted: false }] },
      display: { format: (r) => String(r.columnTitle ?? '') } },
    { name: 'content', label: '正文', type: 'richtext', maxLength: 500000 },
    { name: 'summary', label: '摘要', type: 'textarea', maxLength: 500 },
    { name: 'thumbnail', label: '缩略图', type: 'image', maxLength: 500 },
    { name: 'flags', label: '文章属性', type: 'text', maxLength: 20, multiple: true, options: ESSAY_FLAGS },
    { name: 'source', label: '来源', type: 'text', maxLength: 100 },
    { name: 'author', label: '作者', type: 'text', maxLength: 50 },
    { name: 'keywords', label: '关键字', type: 'text', maxLength: 200 },
    { name: 'publishTime', label: '发布时间', type: 'datetime' },
    { name: 'jumpUrl', label: '跳转链接', type: 'url', maxLength: 500 },
    { name: 'status', label: '状态', type: 'enum', readOnly: true, default: 3, options: ARTICLE_STATUS_OPTIONS },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 999999 },
    { name: 'hits', label: '阅读数', type: 'number', readOnly: true, default: 0 },
    { name: 'imported', label: '导入', type: 'number', readOnly: true, default: 0 },
    { name: 'lastOpinion', label: '审核意见', type: 'text', readOnly: true },
    { name: 'submitTime', label: '提交时间', type: 'datetime', readOnly: true },
    ...ownershipFields,
  ],
  list: {
    columns: ['title', 'columnId', 'status', 'deptName', 'creatorName', 'publishTime', 'hits'],
    // The title is what staff look for: the department, author and hits fold first on a narrow screen.
    columnLayout: { columnId: { minWidth: 112 }, deptName: { priority: 3, minWidth: 112 }, creatorName: { priority: 3, width: 96 }, hits: { priority: 3, width: 72 } },
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true, commaList: true, onlyOptions: true },
      // Dates on publish-or-create time, a department with the ones below: the listWhere's.
      { field: 'publishTime', op: 'range', label: '发布日期', byHook: true },
      { field: 'deptId', op: 'eq', alwaysOn: true, byHook: true, label: '部门', choicesFrom: { path: '/ding/dept/data', value: 'value', label: 'label', children: 'children' } },
    ],
    sortable: ['publishTime', 'createTime', 'sort', 'hits', 'title', 'updateTime', 'submitTime'],
    defaultSort: { field: 'sort', order: 'DESC' },
    chosenOrder: 'DESC',
    // The newest first among equal sort values; ties on a chosen field by id in its direction (one index each).
    thenBy: ({ field, order }) => (field === 'sort' && order === 'DESC' ? [{ field: 'publishTime', order: 'DESC' }, { field: 'articleId', order: 'DESC' }] : [{ field: 'articleId', order }]),
    // The body stays out of list rows.
    leaveOut: ['content'],
    // The caller's own columns beside the table; a column shows its articles and its sub-columns'.
    treeFilter: { field: 'columnId', tree: 'column', call: 'userList' },
    rowEditWhen: { status: ARTICLE_TRANSITIONS.edit.from },
    rowDeleteWhen: { status: ARTICLE_TRANSITIONS.delete.from },
  },
  form: ['title', 'subTitle', 'columnId', 'flags', 'jumpUrl', 'source', 'author', 'keywords', 'publishTime', 'thumbnail', 'summary', 'sort', 'content'],
  // 保存草稿 keeps it editing; 提交审核 asks first and hands it to the reviewers (docs/content.md).
  formSubmits: [
    { label: '保存草稿', values: { status: ARTICLE_STATUS.EDITING }, primary: true },
    { label: '提交审核', values: { status: ARTICLE_STATUS.REVIEW }, shownWhen: { status: ARTICLE_TRANSITIONS.submit.from }, check: true,
      confirmTitle: '提示信息', confirm: '确定提交审核吗？提交后在审核完成前不能修改。', success: '已提交审核，等待审核人员处理' },
  ],
  // 敏感词检测 of what is typed, also run before 提交审核: the hits in context; a 禁止发布 word cannot be submitted.
  formCheck: {
    label: '敏感词检测', call: 'detection', fields: ['title', 'summary', 'content'], list: 'hits', blocked: 'blocked',
    blockedText: '包含“禁止发布”的敏感词，修改后才能提交审核', empty: '未发现敏感词',
    columns: [{ field: 'word', label: '敏感词' }, { field: 'levelName', label: '处理方式' }, { field: 'field', label: '位置' }, { field: 'context', label: '上下文' }],
  },
  // 敏感词检测 (the formCheck's call, server/crud/wordCheck.ts): enabled words of 敏感词 in the title, summary and body
  // text; the save checks with the same declaration (server/entities/article/save.ts).
  wordCheck: {
    call: 'detection', words: { entity: 'sensitive', field: 'word', where: { status: 1 }, level: 'level', also: ['type'] },
    fields: [{ name: 'title', label: '标题' }, { name: 'summary', label: '摘要' }, { name: 'content', label: '正文', html: true }],
    context: 20, flags: { blocked: 1, needReview: 2 }, record: { param: 'articleId', unless: ['content', 'title'] },
    messages: { found: '发现{count}处敏感词', none: '未发现敏感词' },
  },
  // The content model's extra fields of the chosen column (docs/content.md: field types 1–8).
  formFieldsFrom: {
    call: 'fieldOverwrite', params: { columnId: 'columnId' }, list: 'fields', source: 'modelFields',
    name: 'fieldFieldName', label: 'fieldTipsName', required: 'fieldRequired', options: 'fieldOptions', title: '扩展字段（{model.cmTipsName}）',
    type: { key: 'fieldType', map: { 1: 'text', 2: 'textarea', 3: 'richtext', 4: 'number', 5: 'date', 6: 'enum', 7: 'image', 8: 'file' } },
  },
  show: ['title', 'subTitle', 'status', 'columnId', 'flags', 'source', 'author', 'keywords', 'publishTime', 'hits', 'thumbnail', 'summary', 'lastOpinion', 'jumpUrl', 'deptName', 'creatorName', 'submitTime', 'content'],
  showTables: [
    { source: 'sensitiveHits', label: '敏感词', empty: '未发现敏感词',
      columns: [{ field: 'word', label: '敏感词' }, { field: 'levelName', label: '处理方式' }, { field: 'field', label: '位置' }, { field: 'context', label: '上下文' }] },
    { source: 'flowList', label: '审核记录', empty: '暂无记录',
      columns: [{ field: 'createTime', label: '时间' }, { field: 'actionName', label: '操作' }, { field: 'userName', label: '操作人' }, { field: 'fromStatusName', label: '原状态' }, { field: 'toStatusName', label: '新状态' }, { field: 'opinion', label: '意见' }] },
  ],
  // 语音播报 (docs/voice.md): the audio's state, asked again while it is made; 生成语音 / 删除语音 for holders of article:voice.
  showStatus: [{
    label: '语音播报', call: 'voiceStatus', idParam: 'articleId', pollWhile: ['pending', 'working'],
    state: { field: 'status', label: 'statusName', colors: { none: 'default', pending: 'info', working: 'info', ready: 'success', failed: 'error' } },
    texts: [{ text: '时长 {durationSeconds} 秒[，生成于 {updateTime}]', when: 'hasVoice' }],
    link: { label: '收听', href: '/site/{url}', when: 'url' },
    alert: { states: ['failed'], text: '语音生成失败：{error}', when: 'error' },
    buttons: [
      { label: '生成语音', call: 'voiceSynthesis', idParam: 'articleId', permission: 'article:voice', success: '语音生成任务已提交' },
      { label: '删除语音', call: 'voiceDelete', idParam: 'id', permission: 'article:voice', success: '删除成功', color: 'error', needs: 'hasVoice',
        confirm: { title: '删除语音', text: '确定删除该文章的朗读语音吗？' } },
    ],
  }],
  // The reviewer's 预览 (待审文章, 信息报送): src/generic/RecordPreview.tsx.
  preview: {
    meta: [{ label: '栏目', value: '{columnTitle}' }, { label: '作者/来源', value: '{author} / {source}' }, { label: '创建人', value: '{creatorName}[（{deptName}）]' },
      { label: '提交时间', value: '{submitTime}' }, { label: '状态', value: '{statusName}' }],
    body: 'content', bodyTitle: '文章预览', tables: ['flowList'],
  },
  // The sensitive-word hits stored by the save (also at articleSensitiveList, the article in the caller's
  // reach) and the review history: answered by the get, deleted with the article (server/crud/children.ts).
  children: [{
    name: 'sensitiveHits', label: '敏感词命中', table: 'article_sensitive', key: 'articleId', orderBy: ['level'],
    calls: { parentParams: ['articleId'], permissions: { read: 'article:get' }, all: '/api/article/articleSensitiveList' },
  }, {
    name: 'flowList', label: '审核记录', table: 'article_flow', key: 'articleId',
    labelsOf: [{ field: 'fromStatus', as: 'fromStatusName', options: STATUS_LABELS }, { field: 'toStatus', as: 'toStatusName', options: STATUS_LABELS }],
  }],
  // 相关文章: served and shown by the generic machinery (server/crud/related.ts, src/generic/RelatedRecords.tsx).
  related: {
    label: '相关文章', table: 'article_relevant', from: 'articleId', to: 'relevantId',
    calls: { list: 'relevantList', add: 'relevantSave', remove: 'relevantDelete' },
    fields: ['title', 'status', 'statusName', 'columnId', 'columnTitle', 'publishTime'],
    columns: ['title', 'columnTitle', 'statusName'], hint: 'columnTitle', max: 50,
    messages: { tooMany: '一次最多关联50篇文章', self: '不能关联文章本身', missing: '相关文章不存在' },
    empty: '暂无相关文章', confirm: '确定移除这篇相关文章吗？',
  },
  // 排序 / 上移 within a column, in the public lists' order (server/crud/ordering.ts).
  ordering: {
    field: 'sort', within: 'columnId', min: 0, max: 999999, permission: 'article:sort',
    by: [{ field: 'sort', order: 'DESC' }, { field: 'publishTime', order: 'DESC' }, { field: 'articleId', order: 'DESC' }],
    set: { path: '/api/article/articleSort', success: '排序成功', invalid: '排序必须是0–999999的整数' },
    up: { path: '/api/article/articleUp', success: '上移成功', first: '已经是本栏目的第一篇，不能上移' },
  },
  // The public site's lists (server/crud/reads/): webList also at the path the spec's part 2 names
  // (docs/spec-calls.md); 近日热读 is the most read of the last `days` days, in a column and those below it.
  reads: [
    publicList('webList', '/api/article/webList', true, ['/web/article/list']),
    publicList('webListByParent', '/api/article/mj/webListByParent', false),
    {
      name: 'hot', path: '/api/article/webJrlyList', label: '近日热读', shape: 'array', where: { status: ARTICLE_STATUS.PUBLISHED },
      recent: { field: 'publishTime', param: 'days', default: 7, max: 90 }, size: { param: 'size', default: 10, max: 50 },
      hooks: true, from: { size: ['size', 'pageSize'], columnId: ['columnId', 'categoryId'] },
      sort: [{ field: 'hits', order: 'DESC' }, { field: 'publishTime', order: 'DESC' }], fields: [...ARTICLE_PUBLIC_FIELDS, 'columnTitle'],
    },
    // An article's detail (server/crud/reads/detail.ts; the model values: server/entities/article/list.ts).
    detailRead('view', '/api/article/view', '文章详情', {}),
    detailRead('webView', '/api/article/webView', '文章详情（含上一篇、下一篇）', {
      sort: PUBLIC_SORT, detail: { ...DETAIL, neighbours: { within: 'columnId', prev: 'prev', next: 'next', fields: ['articleId', 'title'] } }, fields: [...DETAIL_FIELDS, 'prev', 'next'],
    }),
    detailRead('generaterView', '/api/article/webGeneraterView', '文章生成预览', { who: 'get', where: undefined, fields: [...DETAIL_FIELDS, 'status'] }),
  ],
  // A citizen's read of a published article counts (server/crud/counterCalls.ts).
  counters: [{ field: 'hits', path: '/api/article/hit', method: 'GET', where: { status: ARTICLE_STATUS.PUBLISHED }, idParams: ['articleID', 'articleId'] }],
  permissions: { list: 'article:list', get: 'article:get', create: 'article:add', update: 'article:update', delete: 'article:delete' },
  actions: [
    // The workflow steps of ARTICLE_TRANSITIONS as row and show-view buttons, offered in the states they start
    // from (the server checks the state and the key again); each asks 提示信息 with the opinion.
    // 修改并…: the reviewer's edit and the step in one write (server/crud/actionSaves.ts), one history entry.
    step('accept', '/api/article/accept', 'optional', '已初审通过，等待终审', { path: '/api/article/updateAndAccept', name: 'updateAndAccept', label: '修改并初审通过', writes: 'run' }),
    step('acceptReject', '/api/article/acceptReject', 'required', '已退回给作者'),
    step('approve', '/api/article/approve', 'optional', '已发布', { path: '/api/article/updateAndApprove', name: 'updateAndApprove', label: '修改并终审发布', writes: 'run' }),
    step('reject', '/api/article/reject', 'required', '已退回给作者', { path: '/api/article/updateAndReject', name: 'updateAndReject', label: '修改并退回', writes: 'run' }),
    step('withdraw', '/api/article/delArticleTask', 'none', '已撤回，文章回到编辑中'),
    step('takeDown', '/api/article/rejectArticleTask', 'optional', '已下线'),
    // The generic create at its own path: may publish at once, into any column (the behaviour reads `savedVia`).
    { name: 'saveAdmin', label: '管理员发布', path: '/api/article/save/admin', permission: 'article:saveAdmin', scope: 'none', creates: true },
    { name: 'sort', label: '排序', path: '/api/article/articleSort', permission: 'article:sort', scope: 'row' },
    // Copies as new drafts, into their own column or the one given (server/crud/actionCopy.ts; the behaviour adds the history and model values).
    { name: 'copy', label: '复制', path: '/api/article/articleCopy', permission: 'article:copy', scope: 'bulk', success: '复制成功', most: { count: 200, message: '一次最多处理200篇文章' },
      copy: { fields: ['title', 'subTitle', 'content', 'summary', 'thumbnail', 'source', 'author', 'keywords', 'jumpUrl', 'flags'], values: { sort: 0 }, target: { field: 'columnId', params: ['columnId', 'categoryId'] } } },
    // 删除导入文章 (imported ones whatever their state) and the search-index rebuild: server/entities/article/upkeep.ts.
    { name: 'deleteImported', label: '删除导入文章', path: '/api/article/deleteImportArticle', permission: 'article:delete', scope: 'none', success: '删除成功' },
    { name: 'reindex', label: '重建索引', path: '/api/article/manualSavaEs', permission: 'article:approve', scope: 'none', success: '索引已更新' },
    { name: 'upload', label: '上传文件', path: '/api/file/upload/name', permission: 'file:upload', scope: 'none' },
    { name: 'template', label: '模板文件', path: '/api/file/upload/article/tem', permission: 'file:template', scope: 'none' },
    // 生成语音 / 删除语音 (docs/voice.md): one permission for both, shown in the article's show view (src/views/content/VoicePanel.tsx).
    { name: 'voice', label: '语音播报', path: '/articleVoice/synthesis', permission: 'article:voice', scope: 'row' },
  ],
  ownership,
  menu: { group: 'content', path: '/main/article/essay', sort: 10 },
});

/** A workflow step as a declared action: its label, key and starting states from ARTICLE_TRANSITIONS. */
function step(name: ArticleTransition, path: string, opinion: 'required' | 'optional' | 'none', success: string, edits?: ActionEditDecl): ActionDecl {
  const t = ARTICLE_TRANSITIONS[name];
  return {
    name, label: t.label, path, permission: t.permission, scope: 'both', placement: ['row', 'show'], run: true,
    confirm: `确定执行“${t.label}”吗？`, confirmTitle: '提示信息', success,
    // A return's refusal without an opinion names the key, as the original server's did.
    input: opinion === 'none' ? undefined : [{ name: 'opinion', label: '审核意见', type: 'textarea', maxLength: 500, required: opinion === 'required', missingMessage: '缺少必填参数：opinion' }],
    call: { title: '提示信息', shownWhen: { status: t.from } },
    ...(edits ? { edits } : {}),
  };
}
