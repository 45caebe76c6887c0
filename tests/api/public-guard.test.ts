import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanEmail,
  cleanPhone,
  cleanText,
  guardPublicSubmission,
  newQueryCode,
  QUERY_CODE_ALPHABET,
  setPublicLimits,
} from '../../server/public/guard.js';
import { PortalError } from '../../server/http/errors.js';
import { startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

let seq = 0;
const newCodeId = () => `guardtest${Date.now()}${(seq += 1)}`;

/** Fetches a captcha the way a visitor's page does; the test server's text is TEST_CAPTCHA_TEXT. */
async function captcha(): Promise<string> {
  const codeId = newCodeId();
  const res = await fetch(new URL(`/user/captcha?codeId=${codeId}`, server.url));
  expect(res.status).toBe(200);
  await res.text();
  return codeId;
}

const fakeRequest = (ip: string, query: Record<string, unknown> = {}, body: unknown = {}) =>
  ({ ip, query, body }) as unknown as FastifyRequest;

async function rows(kind?: string): Promise<number> {
  let q = server.app.db.selectFrom('public_rate').select((eb) => eb.fn.countAll().as('n'));
  if (kind) q = q.where('kind', '=', kind);
  const r = (await q.executeTakeFirst()) as { n: number | string };
  return Number(r.n);
}

async function refusal(p: Promise<unknown>): Promise<PortalError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof PortalError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('guardPublicSubmission', () => {
  it('limits per IP in the window, counts in the database, and refuses with 429 without storing', async () => {
    setPublicLimits(server.app, 't-window', { perWindow: 3, perDay: 100, globalPerDay: 100 });
    for (let i = 0; i < 3; i += 1) await guardPublicSubmission(server.app, fakeRequest('10.0.0.1'), 't-window', { captcha: false });
    expect(await rows('t-window')).toBe(3);
    const e = await refusal(guardPublicSubmission(server.app, fakeRequest('10.0.0.1'), 't-window', { captcha: false }));
    expect(e.code).toBe('429');
    expect(e.httpStatus).toBe(429);
    expect(e.message).toBe('操作过于频繁，请稍后再试');
    expect(await rows('t-window')).toBe(3);
    // another IP and another kind are not affected
    await guardPublicSubmission(server.app, fakeRequest('10.0.0.2'), 't-window', { captcha: false });
    await guardPublicSubmission(server.app, fakeRequest('10.0.0.1'), 't-other', { captcha: false });
    expect(await rows('t-window')).toBe(4);
  });

  it('has a daily limit per IP beyond the window', async () => {
    setPublicLimits(server.app, 't-day', { perWindow: 100, perDay: 2, globalPerDay: 100 });
    await guardPublicSubmission(server.app, fakeRequest('10.0.1.1'), 't-day', { captcha: false });
    await guardPublicSubmission(server.app, fakeRequest('10.0.1.1'), 't-day', { captcha: false });
    expect((await refusal(guardPublicSubmission(server.app, fakeRequest('10.0.1.1'), 't-day', { captcha: false }))).code).toBe('429');
    // rows older than the window still count for the day, rows older than a day do not
    await server.app.db.updateTable('public_rate').set({ at: '2000-01-01 00:00:00' }).where('kind', '=', 't-day').execute();
    await guardPublicSubmission(server.app, fakeRequest('10.0.1.1'), 't-day', { captcha: false });
  });

  it('has a global daily cap per kind, whatever the IP', async () => {
    setPublicLimits(server.app, 't-global', { perWindow: 100, perDay: 100, globalPerDay: 4 });
    for (let i = 0; i < 4; i += 1) await guardPublicSubmission(server.app, fakeRequest(`10.0.2.${i}`), 't-global', { captcha: false });
    const e = await refusal(guardPublicSubmission(server.app, fakeRequest('10.0.2.99'), 't-global', { captcha: false }));
    expect(e.code).toBe('429');
    expect(await rows('t-global')).toBe(4);
  });

  it('checks the login captcha store: right once, then used; wrong; missing; expired', async () => {
    setPublicLimits(server.app, 't-captcha', { perWindow: 100, perDay: 100, globalPerDay: 100 });
    const codeId = await captcha();
    await guardPublicSubmission(server.app, fakeRequest('10.0.3.1', { codeId, verifyCode: TEST_CAPTCHA_TEXT.toLowerCase() }), 't-captcha');
    expect(await rows('t-captcha')).toBe(1);
    // used: the same answer again fails
    let e = await refusal(guardPublicSubmission(server.app, fakeRequest('10.0.3.1', { codeId, verifyCode: TEST_CAPTCHA_TEXT }), 't-captcha'));
    expect([e.code, e.message]).toEqual([2002, '验证码错误或已过期']);
    // wrong answer (in the body), then the right one for the same codeId fails too (one attempt)
    const c2 = await captcha();
    e = await refusal(guardPublicSubmission(server.app, fakeRequest('10.0.3.1', {}, { codeId: c2, verifyCode: 'zzzz' }), 't-captcha'));
    expect(e.code).toBe(2002);
    e = await refusal(guardPublicSubmission(server.app, fakeRequest('10.0.3.1', {}, { codeId: c2, verifyCode: TEST_CAPTCHA_TEXT }), 't-captcha'));
    expect(e.code).toBe(2002);
    // missing
    e = await refusal(guardPublicSubmission(server.app, fakeRequest('10.0.3.1'), 't-captcha'));
    expect(e.code).toBe(2002);
    // expired
    const c3 = await captcha();
    await server.app.db.updateTable('captchas').set({ expiresAt: '2000-01-01 00:00:00' }).where('codeId', '=', c3).execute();
    e = await refusal(guardPublicSubmission(server.app, fakeRequest('10.0.3.1', { codeId: c3, verifyCode: TEST_CAPTCHA_TEXT }), 't-captcha'));
    expect(e.code).toBe(2002);
    // no refusal stored anything
    expect(await rows('t-captcha')).toBe(1);
  });
});

describe('newQueryCode', () => {
  it('answers random 12-character codes of unambiguous letters and digits', () => {
    const codes = new Set(Array.from({ length: 500 }, () => newQueryCode()));
    expect(codes.size).toBe(500);
    for (const c of codes) {
      expect(c).toMatch(/^[A-Z0-9]{10,12}$/);
      for (const ch of c) expect(QUERY_CODE_ALPHABET).toContain(ch);
      expect(c).not.toMatch(/[01OIL]/);
    }
  });
});

describe('cleanText / cleanPhone / cleanEmail', () => {
  const err = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      if (e instanceof PortalError) return `${e.code} ${e.message}`;
      throw e;
    }
    return 'no error';
  };

  it('strips all HTML, drops script bodies, decodes entities once, trims', () => {
    expect(cleanText('  <b>你好</b><script>alert(1)</script><img src=x onerror=alert(1)> 世界 ', { label: '标题', max: 20 })).toBe('你好 世界');
    expect(cleanText('a < b & c > d', { label: '标题', max: 50 })).toBe('a < b & c > d');
    expect(cleanText('&amp;lt;script&amp;gt;', { label: '标题', max: 50 })).toBe('&lt;script&gt;');
    expect(cleanText('<p>第一行</p>\r\n第二行\n\n\n\n第三行', { label: '内容', max: 50, multiline: true })).toBe('第一行\n第二行\n\n第三行');
    expect(cleanText('一\n二', { label: '标题', max: 50 })).toBe('一 二');
    expect(cleanText(12345, { label: '编号', max: 10 })).toBe('12345');
    expect(cleanText(undefined, { label: '备注', max: 10 })).toBe('');
  });

  it('enforces length and presence with the contract messages', () => {
    expect(cleanText('一二三四五', { label: '标题', max: 5 })).toBe('一二三四五');
    expect(err(() => cleanText('一二三四五六', { label: '标题', max: 5 }))).toBe('1002 标题长度不能超过5个字符');
    // markup does not count towards the length
    expect(cleanText('<span style="x">一二三四五</span>', { label: '标题', max: 5 })).toBe('一二三四五');
    expect(err(() => cleanText('   ', { label: '标题', max: 5, required: true }))).toBe('1001 缺少必填参数：标题');
    expect(err(() => cleanText('<p></p>', { label: '标题', max: 5, required: true }))).toBe('1001 缺少必填参数：标题');
    expect(err(() => cleanText({ a: 1 }, { label: '标题', max: 5 }))).toBe('1002 标题格式不正确');
    expect(err(() => cleanText('x'.repeat(200_000), { label: '内容', max: 100 }))).toBe('1002 内容长度不能超过100个字符');
  });

  it('checks phones and e-mail addresses', () => {
    expect(cleanPhone(' 138 0013 8000 ', '联系电话')).toBe('13800138000');
    expect(cleanPhone('+8613800138000', '联系电话')).toBe('13800138000');
    expect(cleanPhone('0719-5221234', '联系电话')).toBe('0719-5221234');
    expect(cleanPhone('52212345', '联系电话')).toBe('52212345');
    expect(err(() => cleanPhone('12800138000', '联系电话'))).toBe('1002 联系电话格式不正确');
    expect(err(() => cleanPhone('abc', '联系电话'))).toBe('1002 联系电话格式不正确');
    expect(err(() => cleanPhone('', '联系电话'))).toBe('1001 缺少必填参数：联系电话');
    expect(cleanPhone('', '联系电话', { required: false })).toBe('');
    expect(cleanEmail('Zhang.San@Example.COM', '电子邮箱')).toBe('Zhang.San@example.com');
    expect(err(() => cleanEmail('zhang@', '电子邮箱'))).toBe('1002 电子邮箱格式不正确');
    expect(err(() => cleanEmail('<a>x</a>@b.cn"', '电子邮箱'))).toBe('1002 电子邮箱格式不正确');
    expect(cleanEmail(undefined, '电子邮箱', { required: false })).toBe('');
  });
});
