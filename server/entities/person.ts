import type { RecordData } from '../../resources/behaviour.js';
import { ActionAnswer } from '../crud/actions.js';
import { defineBehaviour } from '../crud/entity/define.js';
import { invalidValue, missingParam } from '../http/errors.js';
import { cleanText } from '../public/guard.js';
import { badState } from '../shared/records.js';

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** 审核结果: authStatus, or the older userStatus 2 / 3. */
function authStatusOf(body: RecordData): 'SUCCESS' | 'FAIL' {
  const raw = body.authStatus ?? (Number(body.userStatus) === 2 ? 'SUCCESS' : Number(body.userStatus) === 3 ? 'FAIL' : '');
  if (blank(raw)) throw missingParam('authStatus');
  if (raw !== 'SUCCESS' && raw !== 'FAIL') throw invalidValue('认证状态的值无效，可选值：SUCCESS（认证成功）、FAIL（认证失败）');
  return raw;
}

/**
 * 会员中心: staff review a real-name submission (审核), freeze or unfreeze a member (冻结 ends the member's
 * sessions); 标记已读 is a declared `sets`; the detail view's topic count (themeCount) is a declared `answers`.
 */
export default defineBehaviour({
  name: 'person',
  actions: {
    // { puPeopleId, authStatus: SUCCESS | FAIL, remark }: only a member under review (the declaration's `when`).
    peopleAudit: async ({ records, body, ctx }) => {
      const authStatus = authStatusOf(body);
      const remark = cleanText(body.remark ?? body.auditRemark, { label: '审核意见', max: 200 });
      if (authStatus === 'FAIL' && !remark) throw missingParam('remark');
      const id = Number(records[0]!.puPeopleId);
      return ctx.api.update('person', id, { authStatus, userStatus: authStatus === 'SUCCESS' ? 2 : 3, auditRemark: remark || null, auditTime: ctx.now });
    },
    // { puPeopleId, state: 1 freeze | 0 unfreeze, remark }.
    banAudit: async ({ records, body, ctx }) => {
      if (blank(body.state)) throw missingParam('state');
      const state = Number(body.state);
      if (state !== 0 && state !== 1) throw invalidValue('账号状态的值无效，可选值：0（正常）、1（冻结）');
      const remark = cleanText(body.remark ?? body.banRemark, { label: '冻结原因', max: 200 });
      const person = records[0]!;
      if (Number(person.state) === state) throw badState(state === 1 ? '该会员已被冻结' : '该会员未被冻结');
      const id = Number(person.puPeopleId);
      const saved = await ctx.api.update('person', id, { state, banRemark: state === 1 ? remark || null : null });
      // The member's sign-ins (not a declared entity) end with the freeze.
      if (state === 1) await ctx.trx.updateTable('people_sessions').set({ revoked: 1 }).where('puPeopleId', '=', id).execute();
      return new ActionAnswer(saved, state === 1 ? '冻结成功' : '解冻成功');
    },
  },
});
