import { defineResource, ownershipFields, standardPermissions } from '../define';
import { AREA_KEYS, areaByKey, indicatorOf, PERIOD_TYPE_OPTIONS, periodLabel, type AreaKey } from './catalogue';
import { formatFigure, formatGrowth } from './format';

/** Figures of more than 2 MB are not a county's; the server refuses larger files too. */
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** The one table of every area's figures; `area` tells the screens apart (docs/economic-data.md). */
export const ECONOMIC_TABLE = 'economic_figure';

/**
 * The declaration of one economic-data screen: the same figure shape for all eight areas, with the
 * area's own indicators, paths under /economic/<area>/, permission keys `<area>:…` and menu entry at
 * the spec's route. The generic routes serve list/get/add/dels on the shared table (`where` keeps each
 * area to its rows, the behaviour file server/entities/economic.ts checks the figure rules); server/modules/economic/ serves the declared
 * actions that are files (import, export, template) and the chart series. The admin screen is the
 * generic list: the chart is a declared panel above the table, import and export declared actions.
 */
export function economicArea(key: AreaKey) {
  const area = areaByKey(key);
  const thisYear = new Date().getFullYear();
  const base = `/economic/${key}`;
  return defineResource({
    name: key,
    table: ECONOMIC_TABLE,
    label: area.label,
    icon: area.icon,
    idField: 'id',
    titleField: 'indicatorName',
    where: { area: key },
    api: {
      list: { path: `${base}/list` },
      get: { path: `${base}/get`, id: 'query' },
      create: { path: `${base}/add` },
      update: { path: `${base}/add` },
      delete: { path: `${base}/dels`, ids: 'body' },
      extra: {
        listAll: { path: `${base}/listAll`, label: '图表数据' },
        template: { path: `${base}/template`, method: 'GET', label: '下载模板' },
      },
    },
    fields: [
      { name: 'id', label: 'ID', type: 'number', readOnly: true },
      { name: 'area', label: '数据分类', type: 'text', readOnly: true },
      { name: 'indicator', label: '指标', type: 'enum', required: true, options: area.indicators.map((i) => ({ value: i.code, label: i.name })) },
      { name: 'periodType', label: '统计周期', type: 'enum', required: true, default: area.periods[0], options: PERIOD_TYPE_OPTIONS.filter((o) => area.periods.includes(o.value)) },
      { name: 'year', label: '年份', type: 'number', required: true, min: 1949, max: 2100 },
      { name: 'period', label: '季度/月份', type: 'number', default: 0, min: 0, max: 12, help: '年度数据填0；季度填1—4，月度填1—12（均为自年初累计）' },
      // Shown by the amount rule (≥ 10000万元 → 亿元) with the record's unit; stored in the indicator's unit.
      { name: 'value', label: '数值', type: 'number', required: true, decimals: 2, min: -1e12, max: 1e12, display: { format: (r) => formatFigure(r.value, String(r.unit ?? '')), align: 'right' } },
      {
        name: 'growthRate', label: '同比增长(%)', type: 'number', decimals: 2, min: -100, max: 10000,
        display: { format: (r) => formatGrowth(r.growthRate), align: 'right', tone: (r) => (r.growthRate !== null && Number(r.growthRate) < 0 ? 'error' : undefined) },
      },
      { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
      { name: 'indicatorName', label: '指标名称', type: 'text', readOnly: true, compute: (r) => indicatorOf(area, String(r.indicator))?.name ?? String(r.indicator) },
      { name: 'unit', label: '单位', type: 'text', readOnly: true, compute: (r) => indicatorOf(area, String(r.indicator))?.unit ?? '' },
      { name: 'periodLabel', label: '统计期', type: 'text', readOnly: true, compute: (r) => periodLabel(String(r.periodType), Number(r.year), Number(r.period)) },
      ...ownershipFields,
    ],
    list: {
      columns: ['indicatorName', 'periodLabel', 'value', 'growthRate', 'remark', 'updateTime'],
      filters: [
        { field: 'periodType', op: 'eq', alwaysOn: true },
        { field: 'indicator', op: 'eq', alwaysOn: true },
        { field: 'year', op: 'range', params: ['startYear', 'endYear'], alwaysOn: true },
      ],
      // The screen opens on the last five years (重置 returns to them).
      filterDefaults: { startYear: thisYear - 5, endYear: thisYear },
      sortable: ['year', 'indicator', 'updateTime'],
      defaultSort: { field: 'year', order: 'DESC' },
      // Within a year the later period first (the same direction when sorted by year), then entry order.
      thenBy: (sort) => [{ field: 'period', order: sort.field === 'year' ? sort.order : 'DESC' }, { field: 'id', order: 'ASC' }],
    },
    form: ['indicator', 'periodType', 'year', 'period', 'value', 'growthRate', 'remark'],
    show: ['indicatorName', 'periodLabel', 'value', 'unit', 'growthRate', 'remark', 'creatorName', 'createTime', 'updateTime'],
    listPanels: [{ name: 'economicChart', place: 'above' }],
    permissions: standardPermissions(key),
    actions: [
      {
        name: 'import', label: '导入', path: `${base}/import`, permission: `${key}:import`, scope: 'none',
        success: '导入成功：新增{added}条，更新{updated}条',
        upload: {
          accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          maxBytes: IMPORT_MAX_BYTES,
          title: `导入${area.label}数据`,
          hint: '请先下载模板，按模板填写后上传（.xlsx，不超过2MB）。同一指标同一统计期已有数据的将被更新；任何一行有误时不会导入任何数据。',
          template: { call: 'template', fileName: `${area.label}导入模板.xlsx` },
        },
      },
      { name: 'export', label: '导出', path: `${base}/export`, permission: `${key}:export`, scope: 'none', download: `${area.label}.xlsx` },
    ],
    menu: { group: 'content', path: area.route, sort: 70 + AREA_KEYS.indexOf(key) },
  });
}
