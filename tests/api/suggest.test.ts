import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCaptchaGenerator } from '../../server/auth/captcha.js';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, DEMO_PASSWORD, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer';

let server: TestServer;
let admin: string;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  setPublicLimits(server.app, 'suggest', { perWindow: 1000, perDay: 1000 });
  setPublicLimits(server.app, 'suggest-query', { perWindow: 1000, perDay: 1000 });
});
afterAll(async () => {
  await server?.close();
});

/** A code from GET /suggest/code (the same store as the login captcha). */
async function code(): Promise<{ codeId: string; verifyCode: string }> {
  const codeId = `suggest-${Date.now()}-${++seq}`;
  const res = await fetch(`${server.url}/suggest/code?codeId=${codeId}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('image/svg+xml');
  expect(await res.text()).toContain('<svg');
  return { codeId, verifyCode: TEST_CAPTCHA_TEXT };
}

const suggestion = { title: '建议增设城东公交站', content: '城东新区居民较多，<script>x</script>建议增设公交站点。', name: '刘洋', phone: '13900001111', isPublic: 1 };

async function submit(extra: Record<string, unknown> = {}) {
  return call<{ queryCode: string }>(server.url, '/suggest/add', { body: { ...suggestion, ...(await code()), ...extra } });
}

describe('suggestions', () => {
  it('accepts a public suggestion with the image code, strips HTML, answers a query code', async () => {
    const r = await submit();
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data.queryCode).toMatch(/^[A-Z0-9]{12}$/);
    const list = await call<{ list: { id: number; content: string; status: number; queryCode: string }[] }>(server.url, '/suggest/list', { token: admin, body: { queryCode: r.body.data.queryCode } });
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]!.content).toBe('城东新区居民较多，建议增设公交站点。');
    expect(list.body.data.list[0]!.status).toBe(0);
  });

  it('refuses a wrong code (2002), missing content (1001), a bad phone (1002) and stores nothing', async () => {
    const before = (await call<{ totalRow: number }>(server.url, '/suggest/list', { token: admin, body: {} })).body.data.totalRow;
    expect((await submit({ verifyCode: 'nope' })).body.errorCode).toBe('2002');
    expect((await submit({ content: '' })).body.errorCode).toBe('1001');
    expect((await submit({ phone: '123' })).body.errorCode).toBe('1002');
    expect((await submit({ title: 'x'.repeat(101) })).body.errorCode).toBe('1002');
    const after = (await call<{ totalRow: number }>(server.url, '/suggest/list', { token: admin, body: {} })).body.data.totalRow;
    expect(after).toBe(before);
  });

  it('rate-limits submissions per IP (429)', async () => {
    setPublicLimits(server.app, 'suggest', { perWindow: 0 });
    try {
      const r = await submit();
      expect(r.status).toBe(429);
      expect(r.body.errorMsg).toBe('操作过于频繁，请稍后再试');
    } finally {
      setPublicLimits(server.app, 'suggest', { perWindow: 1000 });
    }
  });

  it('checkcode: a right code stays usable for the submission, a wrong one is used up', async () => {
    const c = await code();
    const check = await call(server.url, '/suggest/checkcode', { query: { verifyCode: c.verifyCode, codeId: c.codeId } });
    expect(check.body.errorCode).toBe('0');
    expect((await call(server.url, '/suggest/add', { body: { ...suggestion, ...c } })).body.errorCode).toBe('0');

    const c2 = await code();
    expect((await call(server.url, '/suggest/checkcode', { query: { verifyCode: 'zzzz', codeId: c2.codeId } })).body.errorCode).toBe('2002');
    expect((await call(server.url, '/suggest/add', { body: { ...suggestion, ...c2 } })).body.errorCode).toBe('2002');
    expect((await call(server.url, '/suggest/checkcode', { query: { codeId: c2.codeId } })).body.errorCode).toBe('1001');
  });

  it('staff reply through /suggest/add with an id; the public list shows handled public ones without personal data', async () => {
    const r = await submit({ title: '建议公开的答复测试' });
    const code1 = r.body.data.queryCode;
    const id = (await call<{ list: { id: number }[] }>(server.url, '/suggest/list', { token: admin, body: { queryCode: code1 } })).body.data.list[0]!.id;
    const webBefore = await call<{ list: { id: number }[] }>(server.url, '/suggest/web/list', { body: {} });
    expect(webBefore.body.data.list.map((s) => s.id)).not.toContain(id);

    // Without a token the id form is refused; without the key as well.
    expect((await call(server.url, '/suggest/add', { body: { id, replyDept: '县交通运输局', replyContent: '已纳入规划' } })).status).toBe(401);
    const xinxi = await login(server.url, 'xinxi', DEMO_PASSWORD);
    expect((await call(server.url, '/suggest/add', { token: xinxi, body: { id, replyDept: '县交通运输局', replyContent: '已纳入规划' } })).status).toBe(403);
    expect((await call(server.url, '/suggest/add', { token: admin, body: { id, replyDept: '县交通运输局' } })).body.errorCode).toBe('1001');

    const replied = await call<{ status: number; replyTime: string; replyDept: string }>(server.url, '/suggest/add', { token: admin, body: { id, replyDept: '县交通运输局', replyContent: '已纳入明年公交线网规划。' } });
    expect(replied.body.errorCode).toBe('0');
    expect(replied.body.data.status).toBe(1);
    expect(replied.body.data.replyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const got = await call<{ replyContent: string }>(server.url, '/suggest/get', { token: admin, query: { id } });
    expect(got.body.data.replyContent).toBe('已纳入明年公交线网规划。');

    const web = await call<{ list: Record<string, unknown>[] }>(server.url, '/suggest/web/list', { body: { pageNum: 1, pageSize: 10 } });
    const shown = web.body.data.list.find((s) => s.id === id)!;
    expect(shown.replyDept).toBe('县交通运输局');
    expect(shown.phone).toBeUndefined();
    expect(shown.name).toBeUndefined();

    const mine = await call<{ list: { replyContent: string }[] }>(server.url, '/suggest/web/list', { body: { queryCode: code1, phone: suggestion.phone } });
    expect(mine.body.data.list[0]!.replyContent).toBe('已纳入明年公交线网规划。');
    expect((await call(server.url, '/suggest/web/list', { body: { queryCode: code1, phone: '13900009999' } })).body.errorCode).toBe('1003');
  });

  it('deletes one (del) and several (dels)', async () => {
    const codes = [(await submit()).body.data.queryCode, (await submit()).body.data.queryCode, (await submit()).body.data.queryCode];
    const ids: number[] = [];
    for (const c of codes) ids.push((await call<{ list: { id: number }[] }>(server.url, '/suggest/list', { token: admin, body: { queryCode: c } })).body.data.list[0]!.id);
    expect((await call(server.url, '/suggest/del', { token: admin, query: { id: ids[0]! } })).body.data).toBe(1);
    expect((await call(server.url, '/suggest/dels', { token: admin, body: { ids: [ids[1], ids[2]] } })).body.data).toBe(2);
    expect((await call(server.url, '/suggest/get', { token: admin, query: { id: ids[0]! } })).body.errorCode).toBe('1003');
    expect((await call(server.url, '/suggest/get', { token: admin, query: { id: 'abc' } })).body.errorCode).toBe('1002');
  });
});

describe('GET /suggest/code with the real captcha', () => {
  it('answers the same PNG as /user/captcha, its bytes intact', async () => {
    const real = await startTestServer({}, { captchaGenerator: defaultCaptchaGenerator });
    try {
      for (const path of ['/user/captcha', '/suggest/code']) {
        const res = await fetch(`${real.url}${path}?codeId=real-${path.length}-${Date.now()}`);
        expect(res.headers.get('content-type')).toBe('image/png');
        const png = Buffer.from(await res.arrayBuffer());
        expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([320, 112]);
      }
    } finally {
      await real.close();
    }
  });
});
