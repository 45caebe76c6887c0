import noticeDecl from '../../../../resources/notice.js';
import { declaredInput, describeInput, ID, IDS, PAGING } from '../../../http/routeInput.js';

const TARGETS = {
  targetDeptIds: ['ids', '接收部门ID：数组或以逗号分隔'],
  targetUserIds: ['ids', '接收人（用户ID）：数组或以逗号分隔'],
  deptIds: ['ids', '接收部门ID（同 targetDeptIds）'],
  userIds: ['ids', '接收人ID（同 targetUserIds）'],
} as const;

/** What each notice route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export const NOTICE_INPUT = {
  save: declaredInput(noticeDecl, 'save', TARGETS),
  update: declaredInput(noticeDecl, 'update', TARGETS),
  ids: describeInput({ either: { ids: IDS, id: ['integer', '单个通知ID（无 ids 时）'] } }),
  id: describeInput({ either: { id: ID } }),
  my: declaredInput(noticeDecl, 'list', {
    box: ['string', 'inbox（默认：发给我的）或 outbox（我可管理的）'],
    readFlag: ['integer', '收件箱：0（未读）、1（已读）'],
    ...PAGING,
  }),
  read: describeInput({ either: { ids: IDS, id: ['integer', '通知ID'], noticeId: ['integer', '通知ID（同 id）'] } }),
  webList: describeInput({ either: { title: ['string', '标题（包含）'], ...PAGING } }),
};
