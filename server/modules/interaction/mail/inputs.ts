import { declaredInput, describeInput } from '../../../http/routeInput.js';
import { mailDecl } from './common.js';

/** What each 领导信箱 route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export const MAIL_INPUT = {
  // /mailForum/*
  byDept: declaredInput(mailDecl, 'list', { overdue: ['integer', '1：只看超期未答复的信件'] }),
  dept: describeInput({ either: { deptId: ['integer', '部门ID'], id: ['integer', '部门ID（无 deptId 时）'] } }),
  deptSave: describeInput({
    body: {
      isMailDept: ['integer', '是否信箱部门（转办对象）：1（是）、0（否）'],
      replyDays: ['integer', '办理时限（天），1到365'],
      contactName: ['string', '联系人，不超过50个字符'],
      contactPhone: ['string', '联系电话，不超过30个字符'],
      remark: ['string', '备注，不超过500个字符'],
    },
    either: { deptId: ['integer', '部门ID'], id: ['integer', '部门ID（无 deptId 时）'] },
  }),
};
