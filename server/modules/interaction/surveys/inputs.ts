import { describeInput, ID } from '../../../http/routeInput.js';

/** What each survey route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function surveyInputs() {
  return {
    id: describeInput({ either: { id: ID } }),
  };
}

export type SurveyInputs = ReturnType<typeof surveyInputs>;
