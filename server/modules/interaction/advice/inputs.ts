import type { ResourceDecl } from '../../../../resources/types.js';
import { declaredInput, describeInput, ID } from '../../../http/routeInput.js';

const SIZE = { size: ['integer', '条数，默认10，最多50'] } as const;
const OWN = { queryCode: ['string', '查询码（必填）'], phone: ['string', '提交意见时填写的联系电话'] } as const;

/** What each 意见征集 route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function adviceInputs(decl: ResourceDecl) {
  return {
    id: describeInput({ either: { id: ID } }),
    excel: declaredInput(decl, 'list', { id: ['integer', '征集主题ID：给出时导出该主题的意见列表'] }),
    size: describeInput({ either: SIZE }),
    own: describeInput({ either: OWN }),
  };
}
