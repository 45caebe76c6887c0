import { describeInput, NO_INPUT, NO_QUERY } from '../../../http/routeInput.js';

const PEOPLE_ID = ['integer', '会员ID'] as const;

/** What each member-center route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export const PEOPLE_INPUT = {
  audit: describeInput({
    body: {
      id: ['integer', '会员ID（同 puPeopleId）'],
      authStatus: ['string', '认证结果：SUCCESS（认证成功）、FAIL（认证失败，须填审核意见）'],
      userStatus: ['integer', '认证结果（旧写法）：2（成功）、3（失败）'],
      remark: ['string', '审核意见，不超过200个字符'],
      auditRemark: ['string', '审核意见（同 remark）'],
    },
    either: { puPeopleId: PEOPLE_ID },
  }),
  ban: describeInput({
    body: {
      id: ['integer', '会员ID（同 puPeopleId）'],
      state: ['integer', '账号状态：1（冻结）、0（解冻）'],
      remark: ['string', '冻结原因，不超过200个字符'],
      banRemark: ['string', '冻结原因（同 remark）'],
    },
    either: { puPeopleId: PEOPLE_ID },
  }),
  read: describeInput({ body: { ids: ['ids', '会员ID的数组，或以逗号分隔的字符串'] }, either: { puPeopleId: PEOPLE_ID } }),
  login: describeInput({ either: { peoplePhone: ['string', '手机号（必填）'], photoCode: ['string', '图片验证码（必填）'], codeId: ['string', '验证码ID（必填）'] } }),
  none: NO_INPUT,
  noQuery: NO_QUERY,
  ssoReturn: describeInput({
    either: {
      code: ['string', '统一身份认证（OpenID Connect）返回的 code'],
      state: ['string', '发起登录时的 state'],
      iss: ['string', '认证平台标识（OpenID Connect）'],
      session_state: ['string', '认证平台会话状态（OpenID Connect）'],
      ticket: ['string', 'CAS 返回的 ticket（无 code 时）'],
    },
  }),
  realName: describeInput({
    either: {
      fileUrl: ['string', '证件照片地址（已上传的文件，必填）'],
      name: ['string', '姓名，不超过50个字符'],
      idNumber: ['string', '身份证号（18位）'],
      authType: ['integer', '认证类型：0（普通）、1（法人）'],
    },
  }),
};
