import { defineResource } from './define';

export const ANCHOR_KINDS = [
  { value: 'genesis', label: '链起点' },
  { value: 'periodic', label: '定期锚点' },
  { value: 'manual', label: '手动锚点' },
  { value: 'base', label: '清理后起点' },
] as const;

/**
 * 日志链锚点: the operation log's chain head (place, hash, time) recorded periodically, by hand and at
 * each purge (server/audit/chain). Staff print or export them and keep them outside the database: a
 * chain rewritten by somebody with database access no longer matches an anchor kept elsewhere. The
 * panel above the list verifies the chain and reports its first broken link. Read-only.
 */
export default defineResource({
  name: 'logAnchor',
  table: 'log_anchor',
  label: '日志完整性',
  icon: 'VerifiedUser',
  idField: 'id',
  titleField: 'chainHash',
  api: {
    list: { path: '/log/chain/anchorList' },
    get: { path: '/log/chain/anchorInfo', id: 'query' },
    extra: {
      verify: { path: '/log/chain/verify', label: '校验日志链' },
      exportAnchors: { path: '/log/chain/exportAnchors', label: '导出锚点' },
      head: { path: '/log/chain/headInfo', label: '当前链头' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'kind', label: '类型', type: 'enum', options: ANCHOR_KINDS },
    { name: 'chainSeq', label: '链序号（条数）', type: 'number' },
    { name: 'chainHash', label: '链头哈希', type: 'text', maxLength: 64 },
    { name: 'lastLogId', label: '最后日志ID', type: 'number' },
    { name: 'creatorName', label: '生成人', type: 'text', maxLength: 100 },
    { name: 'createTime', label: '生成时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['createTime', 'kind', 'chainSeq', 'chainHash', 'creatorName'],
    filters: [
      { field: 'kind', op: 'eq', alwaysOn: true },
      { field: 'createTime', op: 'range', alwaysOn: true },
    ],
    sortable: ['createTime', 'chainSeq'],
    defaultSort: { field: 'id', order: 'DESC' },
  },
  form: [],
  permissions: { list: 'logChain:list', get: 'logChain:list', create: 'logChain:anchor', update: 'logChain:anchor', delete: 'logChain:delete' },
  actions: [
    { name: 'anchorNow', label: '生成锚点', path: '/log/chain/anchorNow', permission: 'logChain:anchor', scope: 'none', placement: ['toolbar'], success: '已生成锚点' },
  ],
  listPanels: [{ name: 'logChain', place: 'above' }],
  menu: { group: 'system', path: '/main/system/logChain', sort: 91 },
});
