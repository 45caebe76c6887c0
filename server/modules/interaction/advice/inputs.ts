import type { ResourceDecl } from '../../../../resources/types.js';
import { CAPTCHA, declaredInput, describeInput, ID, IDS, NO_INPUT } from '../../../http/routeInput.js';

const SIZE = { size: ['integer', '条数，默认10，最多50'] } as const;
const OWN = { queryCode: ['string', '查询码（必填）'], phone: ['string', '提交意见时填写的联系电话'] } as const;

/** What each 意见征集 route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function adviceInputs(decl: ResourceDecl) {
  return {
    save: declaredInput(decl, 'save'),
    list: declaredInput(decl, 'list'),
    id: describeInput({ either: { id: ID } }),
    ids: describeInput({ either: { ids: IDS } }),
    resultReply: describeInput({ either: { id: ID, resultContent: ['string', '结果反馈（富文本，必填，不超过200000个字符）'] } }),
    none: NO_INPUT,
    excel: declaredInput(decl, 'list', { id: ['integer', '征集主题ID：给出时导出该主题的意见列表'] }),
    size: describeInput({ either: SIZE }),
    webAdd: describeInput({
      body: {
        adviceId: ['integer', '征集主题ID（必填）'],
        id: ['integer', '征集主题ID（同 adviceId）'],
        content: ['string', '意见内容（必填，不超过3000个字符）'],
        name: ['string', '姓名，不超过50个字符'],
        phone: ['string', '联系电话'],
      },
      either: CAPTCHA,
    }),
    own: describeInput({ either: OWN }),
  };
}
