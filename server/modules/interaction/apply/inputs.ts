import type { ResourceDecl } from '../../../../resources/types.js';
import { declaredInput, describeInput, ID, NO_INPUT, type InputFields } from '../../../http/routeInput.js';

const SEARCH_EXTRA: InputFields = {
  overdue: ['integer', '是否逾期：1（逾期未办）、0（未逾期）'],
  dueWithin: ['integer', '临近期限：n个工作日内到期的待办（0–60）'],
};

/** What each application route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function applyInputs(decl: ResourceDecl) {
  return {
    listByDept: declaredInput(decl, 'list', { ...SEARCH_EXTRA, deptId: ['integer', '受理部门ID（默认本人部门）'] }),
    none: NO_INPUT,
    reminder: describeInput({ either: { id: ID, queryCode: ['string', '查询码（申请人催办时）'], phone: ['string', '申请时填写的联系电话（申请人催办时）'] } }),
  };
}

export type ApplyInputs = ReturnType<typeof applyInputs>;
