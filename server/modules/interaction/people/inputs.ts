import { describeInput, NO_INPUT, NO_QUERY } from '../../../http/routeInput.js';

/** What each member-center route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export const PEOPLE_INPUT = {
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
