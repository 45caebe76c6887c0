import noticeDecl from '../../../../resources/notice.js';
import { declaredInput, describeInput, IDS, PAGING } from '../../../http/routeInput.js';

/** What each notice route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export const NOTICE_INPUT = {
  my: declaredInput(noticeDecl, 'list', {
    box: ['string', 'inbox（默认：发给我的）或 outbox（我可管理的）'],
    readFlag: ['integer', '收件箱：0（未读）、1（已读）'],
    ...PAGING,
  }),
  read: describeInput({ either: { ids: IDS, id: ['integer', '通知ID'], noticeId: ['integer', '通知ID（同 id）'] } }),
};
