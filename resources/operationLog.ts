import { defineResource } from './define';

/**
 * 操作日志 / 登录日志: one row per change call and per login attempt (server/audit/), plus entries the
 * client reports (/log/systemLogSave). Read-only: no call edits an entry, and the purge refuses entries
 * younger than 180 days. List and get are the generic routes; /log/list, /log/systemLogSave and /log/purge
 * are server/modules/system/logs/logRoutes.ts. See docs/system-security.md.
 */
export default defineResource({
  name: 'operationLog',
  table: 'system_log',
  label: '操作日志',
  icon: 'History',
  idField: 'id',
  titleField: 'path',
  api: {
    list: { path: '/systemLogList' },
    get: { path: '/log/get', id: 'query' },
    // /log/list: the same list searching every type unless one is asked (no `blankMeans`).
    alsoAt: [{ where: {}, list: '/log/list', ignoreBlankMeans: true }],
    extra: {
      search: { path: '/log/list', label: '日志查询' },
      save: { path: '/log/systemLogSave', label: '上报日志' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    {
      name: 'type',
      label: '类型',
      type: 'enum',
      options: [
        { value: 'login', label: '登录日志' },
        { value: 'operation', label: '操作日志' },
        { value: 'client', label: '客户端上报' },
      ],
    },
    { name: 'userId', label: '用户ID', type: 'number' },
    { name: 'username', label: '账号', type: 'text', maxLength: 100 },
    { name: 'name', label: '姓名', type: 'text', maxLength: 100 },
    { name: 'ip', label: 'IP', type: 'text', maxLength: 64 },
    { name: 'method', label: '请求方式', type: 'text', maxLength: 10 },
    { name: 'path', label: '调用路径', type: 'text', maxLength: 300 },
    { name: 'operation', label: '操作', type: 'text', maxLength: 200 },
    { name: 'params', label: '参数', type: 'textarea', maxLength: 4000 },
    { name: 'httpStatus', label: 'HTTP状态', type: 'number' },
    { name: 'resultCode', label: '结果码', type: 'text', maxLength: 20 },
    { name: 'resultMsg', label: '结果', type: 'text', maxLength: 500 },
    {
      name: 'success',
      label: '是否成功',
      type: 'enum',
      options: [
        { value: 1, label: '成功' },
        { value: 0, label: '失败' },
      ],
    },
    { name: 'durationMs', label: '耗时（毫秒）', type: 'number' },
    { name: 'appKey', label: '应用', type: 'text', maxLength: 50 },
    { name: 'userAgent', label: '浏览器', type: 'text', maxLength: 300 },
    { name: 'createTime', label: '时间', type: 'datetime', readOnly: true },
    // The tamper-evident chain (server/audit/chain): the row's place and its link; empty on rows from before the chain.
    { name: 'chainSeq', label: '链序号', type: 'number', readOnly: true },
    { name: 'chainHash', label: '链哈希', type: 'text', readOnly: true, maxLength: 64 },
  ],
  list: {
    columns: ['createTime', 'type', 'username', 'name', 'ip', 'path', 'operation', 'success', 'resultMsg'],
    filters: [
      { field: 'username', op: 'like', alwaysOn: true, label: '用户' },
      // /systemLogList: changes and client reports unless a type is asked (/log/list: every type). The
      // screen's 全部 asks for every type, 操作 for changes and client reports.
      {
        field: 'type',
        op: 'eq',
        alwaysOn: true,
        blankMeans: ['operation', 'client'],
        choices: [
          { value: 'login', label: '登录' },
          { value: 'operation', label: '操作', sends: ['operation', 'client'] },
        ],
        blankSends: ['login', 'operation', 'client'],
      },
      { field: 'success', op: 'eq', alwaysOn: true, label: '结果' },
      { field: 'path', op: 'like' },
      { field: 'ip', op: 'like' },
      { field: 'userId', op: 'eq', apiOnly: true },
      { field: 'resultCode', op: 'eq', apiOnly: true },
      { field: 'appKey', op: 'eq', apiOnly: true },
      { field: 'createTime', op: 'range', alwaysOn: true },
    ],
    sortable: ['createTime', 'username', 'path'],
    defaultSort: { field: 'createTime', order: 'DESC' },
    // Read-only entries: a row's 详情 shows the whole entry beside the list (parameters' secrets are already *** on the server).
    detailDrawer: {
      title: '日志详情',
      button: '详情',
      fields: ['createTime', 'type', 'username', 'name', 'success', 'resultCode', 'resultMsg', 'operation', 'method', 'path', 'params', 'httpStatus', 'durationMs', 'ip', 'appKey', 'userAgent'],
    },
  },
  permissions: { list: 'log:list', get: 'log:list', create: 'log:save', update: 'log:save', delete: 'log:purge' },
  // 清理过期日志: served by logRoutes (the chain's base moves with it); the dialog asks how old, at least 180 days.
  actions: [
    {
      name: 'purge',
      label: '清理过期日志',
      path: '/log/purge',
      permission: 'log:purge',
      scope: 'none',
      placement: ['toolbar'],
      confirm: '只会清理180天以前的日志，清理后不能恢复，确定清理吗？',
      call: { title: '提示信息' },
      input: [{ name: 'days', label: '清理多少天以前的日志', type: 'number', required: true, min: 180, default: 180 }],
      success: '已清理{deleted}条日志',
    },
  ],
  menu: { group: 'system', path: '/main/system/userOperationLogInfo', sort: 90 },
});
