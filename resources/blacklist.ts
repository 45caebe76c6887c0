import { defineResource, enabledOptions, ownership, ownershipFields, standardPermissions } from './define';

/**
 * 黑名单: public submitters refused by the public-submission guard (server/public/blacklist.ts), by
 * phone, IP address or person (citizen account id). An entry with an expiry stops counting after it.
 */
export default defineResource({
  name: 'blacklist',
  table: 'public_blacklist',
  label: '黑名单',
  icon: 'Block',
  idField: 'id',
  titleField: 'value',
  api: {
    list: { path: '/blacklist/list' },
    get: { path: '/blacklist/get', id: 'query' },
    create: { path: '/blacklist/add' },
    update: { path: '/blacklist/add' },
    delete: { path: '/blacklist/dels', ids: 'body' },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    {
      name: 'type',
      label: '类型',
      type: 'enum',
      required: true,
      default: 'phone',
      options: [
        { value: 'phone', label: '手机号' },
        { value: 'ip', label: 'IP地址' },
        { value: 'person', label: '网民账号' },
      ],
    },
    { name: 'value', label: '号码/地址/账号ID', type: 'text', required: true, maxLength: 64, help: '手机号11位；IP如 203.0.113.7；网民账号填会员ID' },
    { name: 'reason', label: '原因', type: 'textarea', required: true, maxLength: 500 },
    { name: 'expireTime', label: '到期时间', type: 'datetime', help: '留空为长期有效' },
    { name: 'status', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    { name: 'hitCount', label: '拦截次数', type: 'number', readOnly: true, default: 0 },
    ...ownershipFields,
  ],
  list: {
    columns: ['type', 'value', 'reason', 'expireTime', 'status', 'hitCount', 'creatorName', 'createTime'],
    filters: [
      { field: 'value', op: 'like', alwaysOn: true },
      { field: 'type', op: 'eq', alwaysOn: true },
      { field: 'status', op: 'eq' },
    ],
    sortable: ['createTime', 'hitCount', 'expireTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  form: ['type', 'value', 'reason', 'expireTime', 'status'],
  permissions: standardPermissions('blacklist'),
  ownership,
  menu: { group: 'interact', path: '/main/interact/blacklist', sort: 90 },
});
