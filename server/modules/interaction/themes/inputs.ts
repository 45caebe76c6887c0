import { describeInput, ID, IDS, PAGING, TIME_RANGE, type InputField, type InputFields } from '../../../http/routeInput.js';

/** idList (server/entities/theme/rules.ts): `ids` (array or comma list), else a single `id`; query or body. */
const ID_LIST: InputFields = { ids: IDS, id: ['integer', '单个记录ID（无 ids 时）'] };
const REMARK: InputFields = { remark: ['string', '意见，不超过500个字符'] };
const AUDIT: InputFields = { status: ['integer', '审核结果：1（审核通过）、2（审核不通过）、3（待定）'], ...REMARK };
const COUNT: InputFields = { ...TIME_RANGE, channel: ['string', '渠道：bbs、ll、xax；不传为全部'], groupBy: ['string', '分组：dept（默认）、plate、channel'] };

const MONTH: InputField = ['string', '月份 YYYY-MM'];
const CHANNEL: InputField = ['string', '渠道：bbs（论坛）、ll（领导留言）、xax（县长信箱）'];

/** What each theme route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function themeInputs() {
  return {
    id: describeInput({ either: { id: ID } }),
    ids: describeInput({ either: { ids: IDS } }),
    update: describeInput({
      body: {
        id: ID,
        title: ['string', '标题，不超过100个字符'],
        content: ['string', '内容，不超过5000个字符'],
        name: ['string', '留言人'],
        phone: ['string', '联系电话（脱敏值不保存）'],
        email: ['string', '电子邮箱'],
        isOpen: ['integer', '留言人同意公开：0（不同意）、1（同意）'],
      },
    }),
    replyQuery: describeInput({ either: { themeId: ['integer', '主题ID'], status: ['integer', '回复审核状态'], ...PAGING } }),
    replySave: describeInput({ body: { id: ['integer', '回复ID（修改时）'], themeId: ['integer', '主题ID（新增时）'], content: ['string', '回复内容，不超过5000个字符'] } }),
    transfer: describeInput({ body: REMARK, either: { ...ID_LIST, deptId: ['integer', '转办到的部门ID'] } }),
    auditShow: describeInput({ body: { ...AUDIT, isShow: ['integer', '是否公开：1（公开，默认）、0（隐藏）'] }, either: ID_LIST }),
    examineAll: describeInput({ body: { ...ID_LIST, channel: ['string', '渠道：bbs、ll、xax；不传为全部'] } }),
    count: describeInput({ either: COUNT }),
    // public calls
    byCode: describeInput({ either: { queryCode: ['string', '查询码'], code: ['string', '查询码（同 queryCode）'], phone: ['string', '联系电话'], tel: ['string', '联系电话（同 phone）'] } }),
    paging: describeInput({ either: PAGING }),
    // monthly counts
    month: describeInput({ either: { month: MONTH } }),
    monthList: describeInput({ either: { month: MONTH, channel: CHANNEL, ...PAGING } }),
    monthChannel: describeInput({ either: { month: MONTH, channel: CHANNEL } }),
    countEdit: describeInput({
      body: {
        total: ['integer', '主题总数'],
        passed: ['integer', '审核通过数'],
        replied: ['integer', '已回复数'],
        handled: ['integer', '已办结数'],
        replyCount: ['integer', '回复条数'],
        remark: ['string', '备注，不超过200个字符'],
      },
      either: { id: ID },
    }),
  };
}

export type ThemeInputs = ReturnType<typeof themeInputs>;
