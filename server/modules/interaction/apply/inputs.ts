import type { ResourceDecl } from '../../../../resources/types.js';
import { CAPTCHA, declaredInput, describeInput, ID, IDS, NO_INPUT, type InputFields } from '../../../http/routeInput.js';
import { SETTING_RANGES } from './service.js';

const SEARCH_EXTRA: InputFields = {
  overdue: ['integer', '是否逾期：1（逾期未办）、0（未逾期）'],
  dueWithin: ['integer', '临近期限：n个工作日内到期的待办（0–60）'],
};
const OWN: InputFields = { queryCode: ['string', '查询码'], phone: ['string', '申请时填写的联系电话'], idNumber: ['string', '申请时填写的证件号码（无电话时）'] };

/** What each application route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function applyInputs(decl: ResourceDecl) {
  const settings: InputFields = Object.fromEntries(Object.entries(SETTING_RANGES).map(([key, [min, max, label]]) => [key, ['integer', `${label}（${min}–${max}）`] as const]));
  return {
    list: declaredInput(decl, 'list', SEARCH_EXTRA),
    listByDept: declaredInput(decl, 'list', { ...SEARCH_EXTRA, deptId: ['integer', '受理部门ID（默认本人部门）'] }),
    excel: declaredInput(decl, 'list', SEARCH_EXTRA),
    id: describeInput({ either: { id: ID } }),
    ids: describeInput({ either: { ids: IDS } }),
    none: NO_INPUT,
    save: declaredInput(decl, 'save', {
      status: ['integer', '办理：1（已受理）、2（已答复）、3（不予公开）、4（已撤回）'],
      replyContent: ['string', '答复内容（答复、不予公开时必填），不超过10000个字符'],
      replyDept: ['string', '答复部门（默认本人部门）'],
      replyAttachment: ['string', '答复附件地址'],
      extend: ['integer', '1：延期一次'],
      handleDeptId: ['integer', '转办到的受理部门ID（待受理时）'],
      remark: ['string', '办理备注，不超过1000个字符'],
    }),
    system: describeInput({ body: settings }),
    reminder: describeInput({ either: { id: ID, queryCode: ['string', '查询码（申请人催办时）'], phone: ['string', '申请时填写的联系电话（申请人催办时）'] } }),
    webSave: declaredInput(decl, 'create', { proofFile: ['string', '身份证明文件（先上传得到的文件名）'], ...CAPTCHA }),
    own: describeInput({ either: OWN }),
    ownGet: describeInput({ either: { ...OWN, id: ID } }),
  };
}

export type ApplyInputs = ReturnType<typeof applyInputs>;
