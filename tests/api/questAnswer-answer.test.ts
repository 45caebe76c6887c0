import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captcha } from './forumHelpers.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// Issue 24, 智能问答 round trip: a question the knowledge base cannot answer reaches staff as feedback
// (assessDearchfeedback, satisfied 2); staff's 补充答案 (/questAnswer/dearchfeedack/answer, a declared row
// action run on the server) puts it into the base with their answer and handles the feedback, in one go.
type Rec = Record<string, unknown> & { id: number };

let server: TestServer;
let url: string;
let admin: string;
const quest = `村里的快递驿站周末几点开门${Date.now()}`;
let feedbackId = 0;

const lookup = (q: string) => call<Rec & { answer: string; quest: string }>(url, '/questAnswer/queryQusetLikeDetail', { method: 'GET', query: { quest: q, index: 0, size: 5 } });
const answer = (body: Record<string, unknown>) => call<{ questAnswerId: number }>(url, '/questAnswer/dearchfeedack/answer', { token: admin, body });
const feedback = async () => (await call<Rec>(url, '/questAnswer/dearchfeedack/get', { token: admin, query: { id: feedbackId } })).body.data;
const entries = async () => Number(((await server.app.db.selectFrom('quest_answer').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number | string }).n);

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  const r = await call<{ id: number }>(url, '/questAnswer/assessDearchfeedback', { body: { quest, satisfied: 2, content: '页面上没有找到答案', ...(await captcha(url)) } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  feedbackId = r.body.data.id;
});
afterAll(async () => server?.close());

describe('补充答案: staff answer a question the knowledge base could not', () => {
  it('the citizen first finds nothing', async () => {
    expect((await lookup(quest)).body.errorCode).toBe('1003');
  });

  it('refuses a missing or too long answer in Chinese, and writes nothing', async () => {
    const before = await entries();
    expect((await answer({ id: feedbackId })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：答案' });
    expect((await answer({ id: feedbackId, answer: '   ' })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：答案' });
    expect((await answer({ id: feedbackId, answer: '长'.repeat(1001) })).body).toMatchObject({ errorCode: '1002', errorMsg: '答案长度不能超过1000个字符' });
    // A value the schema refuses (an object) is answered by the action's own check, never a 400 in English.
    const odd = await answer({ id: feedbackId, answer: { text: 'x' } });
    expect(odd.status).toBe(200);
    expect(odd.body).toMatchObject({ errorCode: '1002', errorMsg: '答案必须是文本' });
    expect((await answer({ id: feedbackId, answer: '答', isCommon: 7 })).body.errorCode).toBe('1002');
    expect((await answer({ answer: '答' })).body.errorCode).toBe('1001');
    expect(await entries()).toBe(before);
    expect(await feedback()).toMatchObject({ auditState: 0, reply: null });
  });

  it('creates the entry with the feedback question and handles the feedback with its answer', async () => {
    const before = await entries();
    const text = '村快递驿站周六、周日上午9点至下午5点开门，节假日另行通知。';
    const r = await answer({ id: feedbackId, answer: text, keywords: '快递,驿站', isCommon: 1 });
    expect(r.body).toMatchObject({ errorCode: '0', errorMsg: '已补充答案，问答库已收录该问题' });
    const entryId = r.body.data.questAnswerId;
    expect(await entries()).toBe(before + 1);
    const entry = (await call<Rec>(url, '/questAnswer/get', { token: admin, query: { id: entryId } })).body.data;
    expect(entry).toMatchObject({ quest, answer: text, keywords: '快递,驿站', isCommon: 1, status: 1 });
    expect(await feedback()).toMatchObject({ auditState: 1, reply: text, questAnswerId: entryId });
    // The citizen's next lookup of the same question reads staff's answer.
    const found = await lookup(quest);
    expect(found.body.errorCode).toBe('0');
    expect(found.body.data).toMatchObject({ id: entryId, quest, answer: text });
    const common = await call<Rec[]>(url, '/questAnswer/commonList', { query: { size: 50 } });
    expect(common.body.data.map((e) => e.id)).toContain(entryId);
  });

  it('is refused once the feedback is handled, and adds nothing', async () => {
    const before = await entries();
    expect((await answer({ id: feedbackId, answer: '再答一次' })).body).toMatchObject({ errorCode: '1005', errorMsg: '只能为未处理的“不满意”反馈补充答案' });
    expect(await entries()).toBe(before);
    expect((await feedback()).reply).not.toBe('再答一次');
  });

  it('is refused for a 满意 feedback, whose question already has its entry', async () => {
    const r = await call<{ id: number }>(url, '/questAnswer/assessDearchfeedback', { body: { quest, satisfied: 1, ...(await captcha(url)) } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    const before = await entries();
    expect((await answer({ id: r.body.data.id, answer: '重复的答案' })).body).toMatchObject({ errorCode: '1005', errorMsg: '只能为未处理的“不满意”反馈补充答案' });
    expect(await entries()).toBe(before);
  });

  it('is refused for an unknown feedback and without a login', async () => {
    expect((await answer({ id: 99_999_999, answer: '答' })).body.errorCode).toBe('1003');
    const anonymous = await call(url, '/questAnswer/dearchfeedack/answer', { body: { id: feedbackId, answer: '答' } });
    expect(anonymous.body.errorCode).toBe('401');
  });
});
