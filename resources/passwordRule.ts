import { defineResource, enabledOptions } from './define';

/** The four character classes a password's 字符类 are counted by until 密码类型 says otherwise (server/auth/passwordPolicy.ts). */
export const DEFAULT_PASSWORD_TYPES = [
  { name: '大写字母', pattern: '[A-Z]' },
  { name: '小写字母', pattern: '[a-z]' },
  { name: '数字', pattern: '[0-9]' },
  { name: '特殊字符', pattern: '[^A-Za-z0-9]' },
] as const;

/**
 * 密码规则: minimum length, character classes, expiry and lockout. The enabled rule is in force
 * (only one is enabled at a time); with none, the defaults apply (8 characters, 3 classes, 90 days,
 * 5 failures lock 10 minutes). The character classes (密码类型) live in `password_type`.
 * The generic routes serve the rules (one enabled at a time: server/entities/passwordRule.ts);
 * the whole list is a declared read, the single delete an `api.alsoAt` copy; the types are a served `listRecords`
 * table (server/crud/recordTables.ts); see docs/system-security.md.
 */
export default defineResource({
  name: 'passwordRule',
  table: 'password_rule',
  label: '密码规则',
  icon: 'Password',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/passwordRule/pageList', bodyRequired: 'baseSearchDto' },
    get: { path: '/passwordRule/get', id: 'query' },
    create: { path: '/passwordRule/saveOrUpdate' },
    update: { path: '/passwordRule/saveOrUpdate' },
    // orId: /passwordRule/del (query id) is the same delete of one rule (alsoAt below).
    delete: { path: '/passwordRule/dels', ids: 'body', answer: 'none', orId: true },
    alsoAt: [{ where: {}, delete: '/passwordRule/del' }],
    extra: {
      all: { path: '/passwordRule/list', label: '全部密码规则', reads: { shape: 'array', sort: [{ field: 'enabled', order: 'DESC' }, { field: 'id', order: 'DESC' }] } },
      typeList: { path: '/passwordType/list', label: '密码类型' },
      typeGet: { path: '/passwordType/get', label: '密码类型详情' },
    },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '规则名称', type: 'text', required: true, maxLength: 50 },
    { name: 'minLength', label: '最小长度', type: 'number', required: true, default: 8, min: 6, max: 32 },
    { name: 'classCount', label: '至少包含字符类数', type: 'number', required: true, default: 3, min: 1, max: 4 },
    { name: 'expireDays', label: '有效期（天）', type: 'number', required: true, default: 90, min: 0, max: 3650, help: '0 表示永不过期' },
    { name: 'maxFailures', label: '锁定前失败次数', type: 'number', required: true, default: 5, min: 1, max: 20 },
    { name: 'lockMinutes', label: '锁定时长（分钟）', type: 'number', required: true, default: 10, min: 1, max: 1440 },
    { name: 'enabled', label: '启用', type: 'enum', default: 0, options: enabledOptions },
    { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['name', 'minLength', 'classCount', 'expireDays', 'maxFailures', 'lockMinutes', 'enabled', 'updateTime'],
    filters: [{ field: 'name', op: 'like', alwaysOn: true }],
    sortable: ['name', 'createTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  form: ['name', 'minLength', 'classCount', 'expireDays', 'maxFailures', 'lockMinutes', 'enabled', 'remark'],
  permissions: {
    list: 'passwordRule:list',
    get: 'passwordRule:get',
    create: 'passwordRule:add',
    update: 'passwordRule:update',
    delete: 'passwordRule:delete',
  },
  actions: [
    { name: 'typeSave', label: '修改密码类型', path: '/passwordType/saveOrUpdate', permission: 'passwordType:update', scope: 'none', success: '保存成功' },
    {
      name: 'typeReset', label: '恢复默认密码类型', path: '/passwordType/reset', permission: 'passwordType:update', scope: 'none', success: '已恢复默认密码类型',
      confirmTitle: '提示信息', confirm: '确定恢复默认的密码类型吗？（大写字母、小写字母、数字、特殊字符；新增和修改过的类型将被替换）',
    },
  ],
  // 密码类型: the character classes 至少包含字符类数 counts (password_type, served by server/crud/recordTables.ts).
  listRecords: [
    {
      label: '密码类型', testId: 'password-types', rowTestId: 'password-type', list: 'typeList',
      note: '密码规则中的“至少包含字符类数”按下列字符类计数：密码中含有某一类的字符即计为一类。',
      fields: [
        { name: 'name', label: '类型名称', type: 'text', required: true, maxLength: 20 },
        // One bracket character class, nothing that can backtrack (the server checks the same).
        { name: 'pattern', label: '字符规则', type: 'text', required: true, maxLength: 64, help: '一个字符类，例如 [A-Z]、[0-9]、[^A-Za-z0-9]',
          pattern: { source: '^\\[\\^?[^[\\]]{1,60}\\]$', message: '字符规则须为一个字符类，例如 [A-Z] 或 [^A-Za-z0-9]' } },
        { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
      ],
      columns: [{ field: 'name', label: '类型名称' }, { field: 'pattern', label: '字符规则', code: true }, { field: 'remark', label: '备注' }, { field: 'updateTime', label: '更新时间' }],
      empty: '暂无数据（按默认的四类字符计算）',
      save: { action: 'typeSave', add: '新增类型', max: 10, maxText: '密码类型最多10个' },
      reset: { action: 'typeReset', label: '恢复默认' },
      serve: { table: 'password_type', get: 'typeGet', stamp: 'updateTime', regex: ['pattern'], defaults: { rows: DEFAULT_PASSWORD_TYPES, values: { remark: '默认' } } },
    },
  ],
  menu: { group: 'system', path: '/main/system/passwordRule', sort: 75 },
});
