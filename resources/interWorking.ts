import { defineResource, standardPermissions } from './define';

/**
 * 集约化报送: articles queued for the higher-level intensive platform (集约化平台) by the
 * /api/interWorking/article/save/* calls, one kind each, with what was sent and the platform's answer.
 * A module serves the calls (server/modules/interworking/); see docs/interworking.md.
 */
export default defineResource({
  name: 'interWorking',
  table: 'interworking_article',
  label: '集约化报送',
  icon: 'CloudUpload',
  idField: 'id',
  titleField: 'title',
  routes: 'module',
  api: {
    list: { path: '/api/interWorking/article/list' },
    get: { path: '/api/interWorking/article/getInterWorking', id: 'query' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    {
      name: 'kind',
      label: '类型',
      type: 'enum',
      required: true,
      options: [
        { value: 'policyDoc', label: '政策文件' },
        { value: 'leader', label: '领导信息' },
        { value: 'org', label: '机构信息' },
        { value: 'bulletin', label: '通知公告' },
        { value: 'mail', label: '信件' },
        { value: 'apply', label: '依申请公开' },
        { value: 'common', label: '其他信息' },
      ],
    },
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 300 },
    { name: 'sourceId', label: '来源记录ID', type: 'number' },
    {
      name: 'payload',
      label: '报送内容',
      type: 'textarea',
      readOnly: true,
      // The save calls' bodies (spec: /api/interWorking/article/save/*), plus the article they name.
      partLabels: {
        title: '标题', articleId: '文章ID', sourceId: '来源记录ID', article: '文章', content: '内容', publishTime: '发布时间',
        source: '来源', duty: '分工', name: '姓名', position: '职务', dept: '部门', deptName: '部门', summary: '摘要', remark: '备注',
        url: '链接', docNo: '文号', author: '作者', id: 'ID',
      },
    },
    {
      name: 'status',
      label: '报送状态',
      type: 'enum',
      readOnly: true,
      default: 0,
      options: [
        { value: 0, label: '待报送' },
        { value: 1, label: '已报送' },
        { value: 2, label: '报送失败' },
        { value: 3, label: '仅记录' },
      ],
    },
    { name: 'result', label: '平台回执', type: 'text', readOnly: true },
    { name: 'attempts', label: '报送次数', type: 'number', readOnly: true, default: 0 },
    { name: 'creatorName', label: '报送人', type: 'text', readOnly: true },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'sentTime', label: '报送时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['kind', 'title', 'status', 'result', 'attempts', 'creatorName', 'sentTime'],
    filters: [
      { field: 'title', op: 'like', alwaysOn: true },
      { field: 'kind', op: 'eq', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['createTime', 'sentTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  permissions: standardPermissions('interWorking'),
  actions: [{ name: 'send', label: '报送', path: '/api/interWorking/article/save/common', permission: 'interWorking:send', scope: 'none' }],
  menu: { group: 'content', path: '/main/article/interWorking', sort: 80 },
});
