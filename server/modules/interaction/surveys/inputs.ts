import type { ResourceDecl } from '../../../../resources/types.js';
import { declaredInput, describeInput, ID, PAGING, TIME_RANGE } from '../../../http/routeInput.js';

/** What each survey route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function surveyInputs(decl: ResourceDecl) {
  const surveyId = { surveyId: ['integer', '问卷ID'], id: ['integer', '问卷ID（同 surveyId）'] } as const;
  return {
    id: describeInput({ either: { id: ID } }),
    records: describeInput({ either: { ...surveyId, ...TIME_RANGE, phone: ['string', '答卷人联系电话'], ...PAGING } }),
    text: describeInput({ either: { id: ['integer', '文本题的题目ID'], ...PAGING } }),
    excel: declaredInput(decl, 'list', { ...surveyId }),
    webList: describeInput({ either: { title: ['string', '问卷标题（包含）'], ...PAGING } }),
    top: describeInput({ either: { size: ['integer', '条数，1–50'] } }),
  };
}

export type SurveyInputs = ReturnType<typeof surveyInputs>;
