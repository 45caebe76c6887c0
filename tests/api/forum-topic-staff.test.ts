import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';
import { captcha } from './forumHelpers.js';

// Forum topics (channel bbs) are handled by staff through the /ll/theme/* calls: the spec's /theme/*
// family has no audit, show, reply or update call. Before the fix every one of them answered 1003 for a
// forum topic, so a visitor's topic on a 先审后发 plate could never be published.
type Rec = Record<string, unknown> & { id: number };

let server: TestServer;
let url: string;
let admin: string;
let topicId: number;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  setPublicLimits(server.app, 'theme:bbs', { perWindow: 1000, perDay: 1000 });
  const plate = (await server.app.db.selectFrom('plate').select('id').where('name', '=', '教育问答').executeTakeFirstOrThrow()) as { id: number };
  const c = await captcha(url);
  const r = await call<{ id: number }>(url, '/theme/webAdd', {
    query: { verifyCode: c.verifyCode, codeId: c.codeId },
    body: { plateId: plate.id, title: '县第一中学食堂能否增加晚餐', content: '住校生晚自习后没有地方吃饭。', name: '张老师' },
  });
  if (r.body.errorCode !== '0') throw new Error(r.body.errorMsg);
  topicId = r.body.data.id;
});
afterAll(async () => server?.close());

describe('forum topics through the /ll/theme/* staff calls', () => {
  it('update edits only the fields sent', async () => {
    const r = await call<Rec>(url, '/ll/theme/update', { token: admin, body: { id: topicId, title: '县第一中学食堂能否提供晚餐' } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data).toMatchObject({ channel: 'bbs', title: '县第一中学食堂能否提供晚餐', content: '住校生晚自习后没有地方吃饭。', name: '张老师' });
  });

  it('audit, show, reply by the plate department and reply audit publish it', async () => {
    expect((await call(url, '/ll/theme/themeAudit', { token: admin, body: { ids: [topicId], status: 1 } })).body.errorCode).toBe('0');
    expect((await call(url, '/ll/theme/themeAuditShow', { token: admin, body: { ids: [topicId], isShow: 1 } })).body.errorCode).toBe('0');
    const jiaoyu = await login(url, 'jiaoyu', DEMO_PASSWORD);
    const reply = await call<Rec>(url, '/ll/theme/reply/save', { token: jiaoyu, body: { themeId: topicId, content: '下学期起食堂提供晚餐。' } });
    expect(reply.body.errorCode, reply.body.errorMsg).toBe('0');
    expect((await call(url, '/ll/theme/themeReplyAudit', { token: admin, body: { id: reply.body.data.id, status: 1 } })).body.errorCode).toBe('0');
    const web = await call<Rec & { replies: Rec[] }>(url, '/theme/webget', { query: { id: topicId } });
    expect(web.body.errorCode).toBe('0');
    expect(web.body.data.replies.map((x) => x.replyDeptName)).toEqual(['县教育局']);
  });

  it('the xax calls still refuse another channel\'s theme', async () => {
    expect((await call(url, '/xax/theme/update', { token: admin, body: { id: topicId, title: '改' } })).body.errorCode).toBe('1003');
    expect((await call(url, '/xax/theme/themeAuditShow', { token: admin, body: { ids: [topicId], isShow: 0 } })).body.errorCode).toBe('1003');
  });
});
