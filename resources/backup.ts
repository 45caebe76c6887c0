import { defineResource } from './define';

/**
 * 备份管理: one row per backup the portal made (server/backup): the scheduled daily/weekly/monthly ones
 * kept by the rotation and those started with 立即备份. Each is a folder under BACKUP_DIR with the
 * database copy, uploads and templates and a manifest of hashes; 下载 sends it as one .tar.gz, 校验
 * re-hashes it against its manifest. Restoring is `npm run restore` (docs/deploy.md "Backups").
 */
export default defineResource({
  name: 'backup',
  table: 'backup_record',
  label: '备份管理',
  icon: 'Backup',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/backup/list' },
    get: { path: '/backup/get', id: 'query' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '备份名称', type: 'text', maxLength: 100 },
    {
      name: 'kind',
      label: '类型',
      type: 'enum',
      options: [
        { value: 'daily', label: '每日' },
        { value: 'weekly', label: '每周' },
        { value: 'monthly', label: '每月' },
        { value: 'manual', label: '手动' },
      ],
    },
    {
      name: 'status',
      label: '状态',
      type: 'enum',
      options: [
        { value: 'running', label: '进行中' },
        { value: 'done', label: '已完成' },
        { value: 'failed', label: '失败' },
      ],
    },
    { name: 'dialect', label: '数据库', type: 'text', maxLength: 20 },
    { name: 'tableCount', label: '表数', type: 'number' },
    { name: 'rowCount', label: '记录数', type: 'number' },
    { name: 'fileCount', label: '文件数', type: 'number' },
    { name: 'sizeBytes', label: '大小（字节）', type: 'number' },
    { name: 'manifestHash', label: '清单哈希', type: 'text', maxLength: 64 },
    { name: 'message', label: '说明', type: 'text', maxLength: 2000 },
    { name: 'creatorName', label: '发起人', type: 'text', maxLength: 100 },
    { name: 'startTime', label: '开始时间', type: 'datetime', readOnly: true },
    { name: 'finishTime', label: '完成时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['startTime', 'name', 'kind', 'status', 'rowCount', 'fileCount', 'sizeBytes', 'creatorName', 'message'],
    filters: [
      { field: 'kind', op: 'eq', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      { field: 'startTime', op: 'range', alwaysOn: true },
    ],
    sortable: ['startTime', 'sizeBytes'],
    defaultSort: { field: 'id', order: 'DESC' },
  },
  form: [],
  permissions: { list: 'backup:list', get: 'backup:list', create: 'backup:run', update: 'backup:run', delete: 'backup:delete' },
  actions: [
    { name: 'backupNow', label: '立即备份', path: '/backup/backupNow', permission: 'backup:run', scope: 'none', placement: ['toolbar'], confirm: '立即备份数据库、上传文件和模板吗？', success: '备份已开始，完成后状态变为已完成' },
    { name: 'download', label: '下载', path: '/backup/archive', permission: 'backup:download', scope: 'row', download: '备份.tar.gz', when: { status: 'done' }, placement: ['row', 'show'] },
    { name: 'verify', label: '校验', path: '/backup/verify', permission: 'backup:list', scope: 'row', when: { status: 'done' }, placement: ['row', 'show'], success: '校验完成' },
  ],
  menu: { group: 'system', path: '/main/system/backup', sort: 92 },
});
