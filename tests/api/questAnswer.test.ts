import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicLimits } from '../../server/public/guard.js';
import { captcha } from './forumHelpers.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; totalRow: number };

let server: TestServer;
let url: string;
let admin: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  await server.app.db.deleteFrom('quest_answer').execute();
  await server.app.db.deleteFrom('dearch_feedback').execute(); // the demo seed's feedback
  const entries = [
    ['residence', '如何办理居住证？', '携带身份证到辖区派出所申请。', '居住证,办理'],
    ['passport', '护照怎么办理？', '到县公安局出入境窗口办理。', '护照,出入境'],
    ['school', '小学入学需要什么材料？', '户口簿、房产证明、疫苗接种证明。', '入学,小学,材料'],
  ] as const;
  for (const [key, quest, answer, keywords] of entries) {
    const r = await call<Rec>(url, '/questAnswer/save', { token: admin, body: { quest, answer, keywords } });
    ids[key] = r.body.data.id;
  }
});
afterAll(async () => server?.close());

describe('Q&A knowledge base', () => {
  it('looks up the closest question first', async () => {
    const r = await call<{ id: number; quest: string; score: number }[]>(url, '/questAnswer/getqusetLikeDetail', { method: 'GET', query: { size: 3, quest: '居住证在哪里办理' } });
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data[0]!.id).toBe(ids.residence);
    expect(r.body.data.every((x, i, a) => i === 0 || a[i - 1]!.score >= x.score)).toBe(true);
    const s = await call<{ id: number }[]>(url, '/questAnswer/getqusetLikeDetail', { method: 'GET', query: { size: 3, quest: '孩子上小学要准备哪些材料' } });
    expect(s.body.data[0]!.id).toBe(ids.school);
    const none = await call<unknown[]>(url, '/questAnswer/getqusetLikeDetail', { method: 'GET', query: { size: 3, quest: '天气' } });
    expect(none.body.data).toEqual([]);
    expect((await call(url, '/questAnswer/getqusetLikeDetail', { method: 'GET', query: { size: 3 } })).body.errorCode).toBe('1001');
    expect((await call(url, '/questAnswer/getqusetLikeDetail', { method: 'GET', query: { quest: '护照' } })).body.errorCode).toBe('1001');
  });

  it('answers the index-th match with its answer and counts a hit', async () => {
    const r = await call<Rec & { answer: string }>(url, '/questAnswer/queryQusetLikeDetail', { method: 'GET', query: { size: 3, quest: '护照办理', index: 0 } });
    expect(r.body.data.id).toBe(ids.passport);
    expect(r.body.data.answer).toContain('出入境');
    const row = (await server.app.db.selectFrom('quest_answer').select('hitCount').where('id', '=', ids.passport!).executeTakeFirstOrThrow()) as { hitCount: number };
    expect(row.hitCount).toBe(1);
    expect((await call(url, '/questAnswer/queryQusetLikeDetail', { method: 'GET', query: { size: 3, quest: '护照办理', index: 9 } })).body.errorCode).toBe('1003');
  });

  it('common questions: audit then public list and welcome message', async () => {
    expect((await call<Rec[]>(url, '/questAnswer/commonList', { query: { size: 5 } })).body.data).toEqual([]);
    expect((await call(url, '/questAnswer/commonAudit', { token: admin, body: { ids: [ids.school, 999999] } })).body.errorCode).toBe('1003');
    expect((await call(url, '/questAnswer/commonAudit', { token: admin, body: { ids: [ids.school] } })).body.errorCode).toBe('0');
    const list = await call<Rec[]>(url, '/questAnswer/commonList', { query: { size: 5 } });
    expect(list.body.data.map((x) => x.id)).toEqual([ids.school]);
    const w = await call<{ message: string; commonList: Rec[] }>(url, '/questAnswer/getWelcomeMessage');
    expect(w.body.data.message).toContain('智能问答');
    expect(w.body.data.commonList).toHaveLength(1);
  });

  it('feedback: a visitor rates an answer (captcha, rate-limited), staff handle it once', async () => {
    const noCode = await call(url, '/questAnswer/assessDearchfeedback', { body: { questAnswerId: ids.passport, satisfied: 2 } });
    expect(noCode.body.errorCode).toBe('2002');
    const bad = await call(url, '/questAnswer/assessDearchfeedback', { body: { questAnswerId: ids.passport, satisfied: 5, ...(await captcha(url)) } });
    expect(bad.body.errorCode).toBe('1002');
    const r = await call<{ id: number }>(url, '/questAnswer/assessDearchfeedback', {
      body: { questAnswerId: ids.passport, satisfied: 2, content: '<a href=x>没</a>说清楚材料', ...(await captcha(url)) },
    });
    expect(r.body.errorCode).toBe('0');
    const got = await call<Rec>(url, '/questAnswer/dearchfeedack/get', { token: admin, query: { id: r.body.data.id } });
    expect(got.body.data).toMatchObject({ quest: '护照怎么办理？', satisfied: 2, content: '没说清楚材料', auditState: 0 });
    const list = await call<Page>(url, '/questAnswer/dearchfeedack/list', { token: admin, body: { satisfied: 2 } });
    expect(list.body.data.totalRow).toBe(1);
    expect((await call(url, '/questAnswer/satisfiedAudit', { token: admin, body: { ids: [r.body.data.id] } })).body.errorCode).toBe('0');
    expect((await call(url, '/questAnswer/satisfiedAudit', { token: admin, body: { ids: [r.body.data.id] } })).body.errorCode).toBe('1005');
    setPublicLimits(server.app, 'qaAssess', { perWindow: 0 });
    const limited = await call(url, '/questAnswer/assessDearchfeedback', { body: { questAnswerId: ids.passport, satisfied: 1, ...(await captcha(url)) } });
    expect(limited.status).toBe(429);
    const n = (await server.app.db.selectFrom('dearch_feedback').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number | string };
    expect(Number(n.n)).toBe(1);
    expect((await call(url, '/questAnswer/dearchfeedack/dels', { token: admin, body: { ids: [r.body.data.id] } })).body.errorCode).toBe('0');
    expect((await call(url, '/questAnswer/dels', { token: admin, body: { ids: [ids.residence] } })).body.errorCode).toBe('0');
  });
});
