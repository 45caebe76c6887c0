import { defineResource } from './define';

/** Kinds of inspection: availability probe, link crawl, content rules from our own data. */
export const INSPECTION_KINDS = [
  { value: 'availability', label: '可用性' },
  { value: 'links', label: '链接检测' },
  { value: 'content', label: '内容检查' },
] as const;

/**
 * 巡检记录: one row per check the monitoring scheduler ran (server/modules/monitoring). Read-only: the
 * server writes them; the screen filters by site, time and result and draws the response-time chart.
 */
export default defineResource({
  name: 'inspectionRecord',
  table: 'inspection_record',
  label: '巡检记录',
  icon: 'FactCheck',
  idField: 'id',
  titleField: 'message',
  api: {
    list: { path: '/website/inspection/list' },
    get: { path: '/website/inspection/get', id: 'query' },
    extra: {
      chart: { path: '/website/inspection/chart', label: '响应时间曲线' },
      brokenLinks: { path: '/website/inspection/links', label: '错误链接' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'websiteId', label: '网站', type: 'reference', reference: 'website' },
    { name: 'websiteName', label: '网站名称', type: 'text', readOnly: true },
    { name: 'kind', label: '检测类型', type: 'enum', options: INSPECTION_KINDS },
    {
      name: 'result',
      label: '检测结果',
      type: 'enum',
      options: [
        { value: 1, label: '正常' },
        { value: 2, label: '异常' },
      ],
    },
    { name: 'statusCode', label: 'HTTP状态码', type: 'number' },
    { name: 'responseMs', label: '响应时间（毫秒）', type: 'number' },
    { name: 'certExpireDays', label: '证书剩余天数', type: 'number' },
    { name: 'message', label: '说明', type: 'text', maxLength: 500 },
    {
      name: 'detail',
      label: '明细',
      type: 'textarea',
      maxLength: 20000,
      // What the checks write (server/modules/monitoring: availability, linkRun, contentRecord).
      partLabels: {
        url: '检测地址', keywordFound: '找到关键字', pages: '检测页面数', links: '链接数', otherPageLinks: '其他页面链接数',
        broken: '错误链接数', brokenHome: '首页错误链接数', brokenOther: '其他页面错误链接数', external: '外部链接数', timedOut: '超时',
        indicators: '指标', key: '指标', value: '数值', red: '亮红灯', items: '明细', label: '名称', detail: '说明', link: '链接',
        overdueApplications: '超期申请', title: '标题', days: '天数',
      },
    },
    { name: 'checkTime', label: '检测时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['checkTime', 'websiteName', 'kind', 'result', 'statusCode', 'responseMs', 'certExpireDays', 'message'],
    filters: [
      { field: 'websiteId', op: 'eq', alwaysOn: true },
      { field: 'result', op: 'eq', alwaysOn: true },
      { field: 'kind', op: 'eq', alwaysOn: true },
      { field: 'checkTime', op: 'range', alwaysOn: true },
    ],
    sortable: ['checkTime', 'responseMs'],
    defaultSort: { field: 'checkTime', order: 'DESC' },
  },
  form: [],
  permissions: { list: 'inspectionRecord:list', get: 'inspectionRecord:get', create: 'inspectionRecord:add', update: 'inspectionRecord:update', delete: 'inspectionRecord:delete' },
  // The response-time chart above the records; a link check's links under its show view (src/panels/).
  listPanels: [{ name: 'responseTime', place: 'above' }],
  showPanels: ['brokenLinks'],
  menu: { group: 'siteMonitoring', path: '/main/siteMonitoring/inspectionRecord', sort: 20 },
});
