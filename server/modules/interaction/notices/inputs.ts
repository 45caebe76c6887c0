import { describeInput, IDS } from '../../../http/routeInput.js';

/** What each notice route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export const NOTICE_INPUT = {
  read: describeInput({ either: { ids: IDS, id: ['integer', '通知ID'], noticeId: ['integer', '通知ID（同 id）'] } }),
};
