import { defineResource, ownership, ownershipFields, standardPermissions } from './define';

/**
 * 产业项目库: investment projects of the county. Staff enter them, and enterprises submit them on the
 * public site (/industrialProjects/web/add, with a query code for /my/get and /my/list); staff then put
 * a project into the library (status WAREHOUSING, 已入库). Enumerations from spec part 1 §4.
 */
export default defineResource({
  name: 'industrialProjects',
  table: 'industrial_project',
  label: '产业项目',
  icon: 'Factory',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/industrialProjects/list' },
    get: { path: '/industrialProjects/get', id: 'query' },
    create: { path: '/industrialProjects/update' },
    update: { path: '/industrialProjects/update' },
    delete: { path: '/industrialProjects/dels', ids: 'body' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '项目名称', type: 'text', required: true, maxLength: 200 },
    {
      name: 'projectType',
      label: '项目类型',
      type: 'enum',
      required: true,
      default: 'NEW',
      options: [
        { value: 'NEW', label: '新建' },
        { value: 'CONTINUE', label: '续建' },
        { value: 'PLAN', label: '谋划' },
      ],
    },
    {
      name: 'status',
      label: '入库状态',
      type: 'enum',
      default: 'UNKNOWN',
      options: [
        { value: 'UNKNOWN', label: '待审核' },
        { value: 'WAREHOUSING', label: '已入库' },
      ],
    },
    { name: 'company', label: '申报单位', type: 'text', required: true, maxLength: 200 },
    { name: 'industry', label: '所属行业', type: 'text', maxLength: 100 },
    { name: 'town', label: '建设地点', type: 'text', maxLength: 100 },
    { name: 'investment', label: '总投资（万元）', type: 'number', decimals: 2, min: 0, max: 100000000 },
    { name: 'startYear', label: '计划开工年份', type: 'number', min: 2000, max: 2100 },
    { name: 'content', label: '建设内容', type: 'textarea', required: true, maxLength: 3000 },
    { name: 'contactName', label: '联系人', type: 'text', maxLength: 50 },
    { name: 'contactPhone', label: '联系电话', type: 'text', maxLength: 20 },
    { name: 'reviewRemark', label: '审核意见', type: 'textarea', maxLength: 500 },
    {
      name: 'source',
      label: '来源',
      type: 'enum',
      readOnly: true,
      default: 1,
      options: [
        { value: 1, label: '后台录入' },
        { value: 2, label: '网上申报' },
      ],
    },
    { name: 'queryCode', label: '查询码', type: 'text', readOnly: true },
    ...ownershipFields,
  ],
  list: {
    columns: ['name', 'projectType', 'status', 'company', 'town', 'investment', 'source', 'createTime'],
    filters: [
      { field: 'name', op: 'like', alwaysOn: true },
      { field: 'projectType', op: 'eq', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
      { field: 'source', op: 'eq' },
      { field: 'createTime', op: 'range' },
    ],
    sortable: ['name', 'investment', 'startYear', 'createTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  form: ['name', 'projectType', 'status', 'company', 'industry', 'town', 'investment', 'startYear', 'content', 'contactName', 'contactPhone', 'reviewRemark'],
  permissions: standardPermissions('industrialProjects'),
  ownership,
  menu: { group: 'content', path: '/main/article/industrialProjects', sort: 64 },
});
