import { defineResource, ownership, ownershipFields, standardPermissions } from './define';

/**
 * 特色产品: local products, demands and services (spec part 1 §4 "Products": status 0 待发布,
 * 1 审核中, 2 已发布, 3 已关闭; close reason 1 已成交, 2 其他; type 1 产品, 2 需求, 3 服务).
 * The public site lists the published ones (/product/web/list).
 */
export default defineResource({
  name: 'product',
  table: 'local_product',
  label: '特色产品',
  icon: 'Storefront',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/product/list' },
    get: { path: '/product/get', id: 'query' },
    create: { path: '/product/add' },
    update: { path: '/product/add' },
    delete: { path: '/product/dels', ids: 'body' },
    extra: { webList: { path: '/product/web/list', label: '门户列表' } },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '名称', type: 'text', required: true, maxLength: 100 },
    {
      name: 'type',
      label: '类型',
      type: 'enum',
      required: true,
      default: 1,
      options: [
        { value: 1, label: '产品' },
        { value: 2, label: '需求' },
        { value: 3, label: '服务' },
      ],
    },
    {
      name: 'status',
      label: '状态',
      type: 'enum',
      default: 0,
      options: [
        { value: 0, label: '待发布' },
        { value: 1, label: '审核中' },
        { value: 2, label: '已发布' },
        { value: 3, label: '已关闭' },
      ],
    },
    { name: 'closeReason', label: '关闭原因', type: 'enum', options: [{ value: 1, label: '已成交' }, { value: 2, label: '其他' }] },
    { name: 'producer', label: '生产/提供单位', type: 'text', maxLength: 200 },
    { name: 'origin', label: '产地', type: 'text', maxLength: 100 },
    { name: 'price', label: '参考价格（元）', type: 'number', decimals: 2, min: 0, max: 100000000 },
    { name: 'unit', label: '计价单位', type: 'text', maxLength: 20 },
    { name: 'image', label: '图片', type: 'image', maxLength: 500 },
    { name: 'description', label: '介绍', type: 'textarea', required: true, maxLength: 3000 },
    { name: 'contactName', label: '联系人', type: 'text', maxLength: 50 },
    { name: 'contactPhone', label: '联系电话', type: 'text', maxLength: 20 },
    { name: 'sort', label: '排序', type: 'number', default: 0, min: 0, max: 9999 },
    ...ownershipFields,
  ],
  list: {
    columns: ['name', 'type', 'status', 'producer', 'origin', 'price', 'sort', 'createTime'],
    filters: [
      { field: 'name', op: 'like', alwaysOn: true },
      { field: 'type', op: 'eq', alwaysOn: true },
      { field: 'status', op: 'eq', alwaysOn: true },
    ],
    sortable: ['name', 'price', 'sort', 'createTime'],
    defaultSort: { field: 'sort', order: 'ASC' },
  },
  form: ['name', 'type', 'status', 'closeReason', 'producer', 'origin', 'price', 'unit', 'image', 'description', 'contactName', 'contactPhone', 'sort'],
  permissions: standardPermissions('product'),
  ownership,
  menu: { group: 'content', path: '/main/article/product', sort: 66 },
});
