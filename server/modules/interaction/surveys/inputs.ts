import type { ResourceDecl } from '../../../../resources/types.js';
import { declaredInput, describeInput, ID, PAGING } from '../../../http/routeInput.js';

/** What each survey route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function surveyInputs(decl: ResourceDecl) {
  const surveyId = { surveyId: ['integer', '问卷ID'], id: ['integer', '问卷ID（同 surveyId）'] } as const;
  return {
    id: describeInput({ either: { id: ID } }),
    text: describeInput({ either: { id: ['integer', '文本题的题目ID'], ...PAGING } }),
    excel: declaredInput(decl, 'list', { ...surveyId }),
  };
}

export type SurveyInputs = ReturnType<typeof surveyInputs>;
