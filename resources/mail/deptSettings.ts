import type { RecordSettingsDecl } from '../shape/recordSettings';

/** Days a department has to reply to a transferred letter until its settings say otherwise. */
export const MAIL_REPLY_DAYS = 15;

/**
 * 领导信箱's 部门办理设置 (mail_dept, one row per department): shown as a transfer target, days to reply, the
 * contact — the declaration's `recordSettings` (resources/shape/recordSettings.ts), on /mailForum/dept/get|save.
 */
export const mailDeptSettings = (permission: string): RecordSettingsDecl => ({
  name: 'dept', label: '部门办理设置', table: 'mail_dept', entity: 'department', key: 'deptId', title: 'deptName', params: ['deptId', 'id'],
  permission, get: '/mailForum/dept/get', save: '/mailForum/dept/save', missing: '部门不存在',
  fields: [
    { name: 'isMailDept', label: '是否信箱部门（转办对象）', type: 'integer', min: 0, max: 1, default: 1, invalid: '是否信箱部门取值不正确' },
    { name: 'replyDays', label: '办理时限（天）', type: 'integer', min: 1, max: 365, default: MAIL_REPLY_DAYS, invalid: '办理时限应为1到365天' },
    { name: 'contactName', label: '联系人', type: 'text', max: 50 },
    { name: 'contactPhone', label: '联系电话', type: 'text', max: 30 },
    { name: 'remark', label: '备注', type: 'text', max: 500 },
  ],
});
