import { defineResource } from './define';

/**
 * 服务器状态: samples of the server's figures taken by the monitoring scheduler (every 5 minutes, kept
 * 30 days). The current figures come from /website/getOSSystemInfo (same as /website/getWinSystemInfo).
 */
export default defineResource({
  name: 'serverInfo',
  table: 'server_sample',
  label: '服务器状态',
  icon: 'Memory',
  idField: 'id',
  titleField: 'sampleTime',
  api: {
    list: { path: '/website/serverInfo/list' },
    get: { path: '/website/serverInfo/get', id: 'query' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'sampleTime', label: '采样时间', type: 'datetime', readOnly: true },
    { name: 'hostName', label: '主机名', type: 'text' },
    { name: 'cpuPercent', label: 'CPU使用率（%）', type: 'number', decimals: 1 },
    { name: 'load1', label: '1分钟负载', type: 'number', decimals: 2 },
    { name: 'memPercent', label: '内存使用率（%）', type: 'number', decimals: 1 },
    { name: 'memUsedMb', label: '已用内存（MB）', type: 'number' },
    { name: 'memTotalMb', label: '总内存（MB）', type: 'number' },
    { name: 'diskPercent', label: '数据盘使用率（%）', type: 'number', decimals: 1 },
    { name: 'diskFreeMb', label: '数据盘可用（MB）', type: 'number' },
    { name: 'uptimeSec', label: '系统运行（秒）', type: 'number' },
    { name: 'dbSizeMb', label: '数据库大小（MB）', type: 'number', decimals: 2 },
    { name: 'pendingGeneration', label: '待生成文章', type: 'number' },
  ],
  list: {
    columns: ['sampleTime', 'cpuPercent', 'load1', 'memPercent', 'diskPercent', 'dbSizeMb', 'pendingGeneration'],
    filters: [{ field: 'sampleTime', op: 'range', alwaysOn: true }],
    sortable: ['sampleTime'],
    defaultSort: { field: 'sampleTime', order: 'DESC' },
  },
  form: [],
  permissions: { list: 'serverInfo:list', get: 'serverInfo:get', create: 'serverInfo:add', update: 'serverInfo:update', delete: 'serverInfo:delete' },
  menu: { group: 'siteMonitoring', path: '/main/siteMonitoring/serverStatus', sort: 30 },
});
