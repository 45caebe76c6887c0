import { defineResource, enabledOptions } from './define';

/** Events a reminder setting can watch; other modules raise them (server/modules/system/noticeSettings/reminders.ts). */
export const NOTICE_EVENTS = [
  { value: 'MAIL_NEW', label: '领导信箱新来信' },
  { value: 'MAIL_OVERDUE', label: '领导信箱来信超期' },
  { value: 'ARTICLE_REVIEW', label: '文章待审核' },
  { value: 'REPORT_REVIEW', label: '信息报送待审核' },
  { value: 'APPLY_NEW', label: '依申请公开新申请' },
  { value: 'APPLY_OVERDUE', label: '依申请公开申请超期' },
  { value: 'SUGGEST_NEW', label: '新建议' },
  { value: 'THEME_NEW', label: '新互动话题' },
  { value: 'SITE_ABNORMAL', label: '站点监测异常' },
  { value: 'SITE_TAMPERED', label: '网页被篡改' },
] as const;

/** Events about an item with a time limit: they use overdueDays (the limit) and advanceDays. */
export const OVERDUE_EVENTS: readonly string[] = ['MAIL_OVERDUE', 'APPLY_OVERDUE'];

/**
 * 消息提醒设置: which event reminds whom (roles, users or departments), how (站内消息, 短信 or both), and
 * for items with a time limit after how many days they are overdue and how many days before that the
 * first reminder goes out. The generic routes at the spec's /notice/set/*; the receivers are checked and
 * named in server/entities/noticeSetting.ts; /notice/set/detail and delivery: server/modules/system/noticeSettings.
 */
export default defineResource({
  name: 'noticeSetting',
  table: 'notice_setting',
  label: '消息提醒设置',
  icon: 'NotificationsActive',
  idField: 'id',
  titleField: 'name',
  api: {
    list: { path: '/notice/set/list' },
    get: { path: '/notice/set/get', id: 'query' },
    create: { path: '/notice/set/add', withId: 'update' },
    update: { path: '/notice/set/update' },
    delete: { path: '/notice/set/dels', ids: 'body', orId: true },
    extra: { detail: { path: '/notice/set/detail', label: '提醒设置详情' } },
  },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'name', label: '提醒名称', type: 'text', required: true, maxLength: 50 },
    { name: 'eventType', label: '提醒事项', type: 'enum', required: true, options: NOTICE_EVENTS },
    {
      name: 'receiverType',
      label: '提醒对象类型',
      type: 'enum',
      required: true,
      default: 'ROLE',
      options: [
        { value: 'ROLE', label: '按角色' },
        { value: 'USER', label: '指定人员' },
        { value: 'DEPT', label: '按部门' },
      ],
    },
    {
      name: 'receiverIds', label: '提醒对象', type: 'text', required: true, maxLength: 1000, help: '角色、人员或部门的ID，多个用英文逗号分隔',
      // The form picks roles, users or departments by 提醒对象类型 (src/generic/IdsOfInput.tsx).
      // The server checks them and names them in receiverNames (server/crud/idsOfCheck.ts).
      idsOf: { by: 'receiverType', resources: { ROLE: { resource: 'role', label: '角色' }, USER: { resource: 'user', label: '人员' }, DEPT: { resource: 'department', label: '部门' } }, max: 100, names: 'receiverNames' },
    },
    { name: 'receiverNames', label: '提醒对象名称', type: 'text', maxLength: 3000, help: '由服务端根据提醒对象填写' },
    {
      name: 'remindWay',
      label: '提醒方式',
      type: 'enum',
      required: true,
      default: 1,
      options: [
        { value: 1, label: '站内消息' },
        { value: 2, label: '短信' },
        { value: 3, label: '站内消息和短信' },
      ],
    },
    { name: 'overdueDays', label: '超期天数', type: 'number', default: 0, min: 0, max: 365, help: '超期类事项：收到后多少天未办结算超期' },
    { name: 'advanceDays', label: '提前提醒天数', type: 'number', default: 0, min: 0, max: 365, help: '超期类事项：超期前多少天开始提醒，0为不提前提醒' },
    { name: 'smsTemplate', label: '短信内容', type: 'textarea', maxLength: 200, help: '可用占位符：{event} 事项、{title} 标题、{days} 天数' },
    { name: 'status', label: '状态', type: 'enum', default: 1, options: enabledOptions },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 500 },
    { name: 'creatorName', label: '创建人', type: 'text', readOnly: true },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: {
    columns: ['name', 'eventType', 'receiverType', 'receiverNames', 'remindWay', 'overdueDays', 'advanceDays', 'status', 'updateTime'],
    filters: [
      { field: 'name', op: 'like', alwaysOn: true },
      { field: 'eventType', op: 'eq', alwaysOn: true },
      { field: 'remindWay', op: 'eq' },
      { field: 'status', op: 'eq', alwaysOn: true },
    ],
    sortable: ['name', 'eventType', 'createTime', 'updateTime'],
    defaultSort: { field: 'createTime', order: 'DESC' },
  },
  show: ['name', 'eventType', 'receiverType', 'receiverNames', 'remindWay', 'overdueDays', 'advanceDays', 'smsTemplate', 'status', 'remark', 'creatorName', 'createTime', 'updateTime'],
  form: ['name', 'eventType', 'receiverType', 'receiverIds', 'remindWay', 'overdueDays', 'advanceDays', 'smsTemplate', 'status', 'remark'],
  permissions: {
    list: 'noticeSetting:list',
    get: 'noticeSetting:get',
    create: 'noticeSetting:add',
    update: 'noticeSetting:update',
    delete: 'noticeSetting:delete',
  },
  menu: { group: 'system', path: '/main/system/noticeSetting', sort: 95 },
});
