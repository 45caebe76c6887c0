import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, DEMO_PASSWORD, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer';

let server: TestServer;
let admin: string;
let codeSeq = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  // Plenty of room for the workflow; the rate-limit test lowers it for its own kind of call.
  setPublicLimits(server.app, 'survey', { perWindow: 1000, perDay: 1000 });
});
afterAll(async () => {
  await server?.close();
});

/** A fresh captcha for a public call (the test server's captcha text is fixed). */
async function captcha(): Promise<{ codeId: string; verifyCode: string }> {
  const codeId = `survey-test-${Date.now()}-${++codeSeq}`;
  const res = await fetch(`${server.url}/user/captcha?codeId=${codeId}`);
  expect(res.status).toBe(200);
  return { codeId, verifyCode: TEST_CAPTCHA_TEXT };
}
const token = () => `visitor-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;

interface Question {
  id: number;
  title: string;
  type: number;
  options: { id: number; content: string }[];
}
interface Survey {
  id: number;
  status: number;
  recordCount: number;
  questions: Question[];
}

const questionnaire = (title: string, anonymous = 1) => ({
  title,
  description: '为了解群众对县城公共服务的满意度，特开展本次调查。',
  anonymous,
  questions: [
    { title: '您对县城公交服务满意吗？', type: 0, required: 1, options: [{ content: '满意' }, { content: '基本满意' }, { content: '不满意' }] },
    { title: '您希望优先改善哪些方面？', type: 1, required: 1, options: ['线路覆盖', '发车频次', '候车设施', '票价'] },
    { title: '其他意见和建议', type: 2, required: 0 },
  ],
});

async function create(title: string, anonymous = 1): Promise<Survey> {
  const r = await call<Survey>(server.url, '/survey/add', { token: admin, body: questionnaire(title, anonymous) });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
}
async function setStatus(path: '/survey/open' | '/survey/examine', id: number, status: number) {
  return call<Survey>(server.url, path, { token: admin, body: { id, status } });
}
async function answer(survey: Survey, extra: Record<string, unknown> = {}, visitorToken = token()) {
  const [single, multi, text] = survey.questions;
  return call<{ recordId: number }>(server.url, '/web/survey/save', {
    body: {
      surveyId: survey.id,
      visitorToken,
      ...(await captcha()),
      answers: [
        { questionId: single!.id, optionIds: [single!.options[0]!.id] },
        { questionId: multi!.id, optionIds: [multi!.options[0]!.id, multi!.options[2]!.id] },
        { questionId: text!.id, text: '希望<b>增加</b>夜班车' },
      ],
      ...extra,
    },
  });
}

describe('questionnaire admin', () => {
  it('creates a questionnaire with questions and options, reads it back, refuses bad input', async () => {
    const s = await create('公共服务满意度调查');
    expect(s.status).toBe(0);
    expect(s.questions.map((q) => q.type)).toEqual([0, 1, 2]);
    expect(s.questions[1]!.options.map((o) => o.content)).toEqual(['线路覆盖', '发车频次', '候车设施', '票价']);
    const d = await call<Survey>(server.url, '/survey/detail', { token: admin, body: { id: s.id } });
    expect(d.body.data.questions).toHaveLength(3);

    const noQuestions = await call(server.url, '/survey/add', { token: admin, body: { title: '无题目' } });
    expect(noQuestions.body.errorCode).toBe('1001');
    const oneOption = await call(server.url, '/survey/add', { token: admin, body: { title: 'x', questions: [{ title: '单选', type: 0, options: ['唯一'] }] } });
    expect(oneOption.body.errorCode).toBe('1002');
    const badType = await call(server.url, '/survey/add', { token: admin, body: { title: 'x', questions: [{ title: 'q', type: 7 }] } });
    expect(badType.body.errorCode).toBe('1002');
    const badWindow = await call(server.url, '/survey/add', {
      token: admin,
      body: { ...questionnaire('时间错误'), startTime: '2026-05-01 00:00:00', endTime: '2026-04-01 00:00:00' },
    });
    expect(badWindow.body.errorCode).toBe('1002');
    const noLogin = await call(server.url, '/survey/list', { body: {} });
    expect(noLogin.status).toBe(401);
  });

  it('lists with filters and pages', async () => {
    await create('列表筛选测试问卷');
    const r = await call<{ list: { title: string }[]; totalRow: number }>(server.url, '/survey/list', { token: admin, body: { title: '列表筛选', pageNum: 1, pageSize: 10 } });
    expect(r.body.data.totalRow).toBe(1);
    expect(r.body.data.list[0]!.title).toBe('列表筛选测试问卷');
  });

  it('moves through the statuses with open and examine; refuses the wrong transitions', async () => {
    const s = await create('状态流转问卷');
    expect((await setStatus('/survey/open', s.id, 2)).body.errorCode).toBe('1005'); // pause a not-started survey
    expect((await setStatus('/survey/open', s.id, 1)).body.data.status).toBe(1);
    expect((await setStatus('/survey/open', s.id, 2)).body.data.status).toBe(2);
    expect((await setStatus('/survey/open', s.id, 1)).body.data.status).toBe(1);
    expect((await setStatus('/survey/open', s.id, 3)).body.errorCode).toBe('1002');
    expect((await setStatus('/survey/examine', s.id, 3)).body.data.status).toBe(3);
    expect((await setStatus('/survey/open', s.id, 1)).body.errorCode).toBe('1005'); // ended is final
    const missing = await call(server.url, '/survey/open', { token: admin, body: { id: s.id } });
    expect(missing.body.errorCode).toBe('1001');
  });

  it('refuses deleting a running survey; deletes a paused one with its questions', async () => {
    const s = await create('删除测试问卷');
    await setStatus('/survey/open', s.id, 1);
    expect((await call(server.url, '/survey/delete', { token: admin, query: { id: s.id } })).body.errorCode).toBe('1005');
    await setStatus('/survey/open', s.id, 2);
    const del = await call(server.url, '/survey/delete', { token: admin, query: { id: s.id } });
    expect(del.body.errorCode).toBe('0');
    expect((await call(server.url, '/survey/detail', { token: admin, body: { id: s.id } })).body.errorCode).toBe('1003');
    const other = await create('批量删除问卷');
    expect((await call(server.url, '/survey/dels', { token: admin, body: { ids: [other.id] } })).body.data).toBe(1);
    expect((await call(server.url, '/survey/dels', { token: admin, body: { ids: [other.id] } })).body.errorCode).toBe('1003');
  });
});

describe('public answering', () => {
  let survey: Survey;
  beforeAll(async () => {
    survey = await create('公交服务调查（公众）');
  });

  it('hides a not-started survey and refuses answers until it is started', async () => {
    expect((await call(server.url, '/web/survey/find', { query: { id: survey.id } })).body.errorCode).toBe('1003');
    expect((await answer(survey)).body.errorCode).toBe('1003');
    await setStatus('/survey/open', survey.id, 1);
    const found = await call<Survey & { accepting: boolean }>(server.url, '/web/survey/find', { query: { id: survey.id } });
    expect(found.body.data.accepting).toBe(true);
    expect(found.body.data.questions).toHaveLength(3);
    const list = await call<{ list: { id: number }[] }>(server.url, '/web/survey/list', { body: { pageNum: 1, pageSize: 10 } });
    expect(list.body.data.list.map((s) => s.id)).toContain(survey.id);
    const top = await call<{ id: number }[]>(server.url, '/web/survey/top', { query: { size: 3 } });
    expect(top.body.data.map((s) => s.id)).toContain(survey.id);
    expect((await call(server.url, '/web/survey/top', {})).body.errorCode).toBe('1001');
  });

  it('accepts one answer per visitor; a second one with the same token is refused', async () => {
    const visitor = token();
    const first = await answer(survey, {}, visitor);
    expect(first.body.errorCode, first.body.errorMsg).toBe('0');
    const again = await answer(survey, {}, visitor);
    expect(again.body.errorCode).toBe('1005');
    expect(again.body.errorMsg).toBe('您已提交过该问卷，请勿重复提交');
    const noToken = await answer(survey, { visitorToken: '' });
    expect(noToken.body.errorCode).toBe('1001');
  });

  it('refuses a wrong captcha, a missing required answer, a foreign option and two options on a single choice', async () => {
    const wrong = await answer(survey, { verifyCode: 'zzzz' });
    expect(wrong.body.errorCode).toBe('2002');
    const [single, multi] = survey.questions;
    const base = async (answers: unknown[]) =>
      call(server.url, '/web/survey/save', { body: { surveyId: survey.id, visitorToken: token(), ...(await captcha()), answers } });
    expect((await base([{ questionId: multi!.id, optionIds: [multi!.options[0]!.id] }])).body.errorMsg).toContain('请回答必答题');
    expect((await base([{ questionId: single!.id, optionIds: [multi!.options[0]!.id] }])).body.errorCode).toBe('1002');
    expect((await base([{ questionId: single!.id, optionIds: [single!.options[0]!.id, single!.options[1]!.id] }])).body.errorMsg).toContain('单选题');
  });

  it('asks for contact details when not anonymous; one answer per phone', async () => {
    const named = await create('实名问卷', 0);
    await setStatus('/survey/open', named.id, 1);
    expect((await answer(named)).body.errorCode).toBe('1001');
    expect((await answer(named, { name: '张三', phone: '12345' })).body.errorCode).toBe('1002');
    expect((await answer(named, { name: '张三', phone: '13800138000' })).body.errorCode).toBe('0');
    const samePhone = await answer(named, { name: '张三', phone: '13800138000' });
    expect(samePhone.body.errorCode).toBe('1005');
  });

  it('refuses answers while paused and after the end', async () => {
    const s = await create('暂停与结束问卷');
    await setStatus('/survey/open', s.id, 1);
    await setStatus('/survey/open', s.id, 2);
    const paused = await answer(s);
    expect(paused.body.errorCode).toBe('1005');
    expect(paused.body.errorMsg).toContain('暂停');
    await setStatus('/survey/examine', s.id, 3);
    const ended = await answer(s);
    expect(ended.body.errorCode).toBe('1005');
    expect(ended.body.errorMsg).toContain('结束');

    // Started but past its end time: refused as well.
    const late = await call<Survey>(server.url, '/survey/add', {
      token: admin,
      body: { ...questionnaire('已过期问卷'), startTime: '2020-01-01 00:00:00', endTime: '2020-02-01 00:00:00' },
    });
    expect((await setStatus('/survey/open', late.body.data.id, 1)).body.errorCode).toBe('1005');
  });

  it('rate-limits answers per IP (429) and stores nothing then', async () => {
    const s = await create('限流问卷');
    await setStatus('/survey/open', s.id, 1);
    setPublicLimits(server.app, 'survey', { perWindow: 0 });
    try {
      const r = await answer(s);
      expect(r.body.errorMsg).toBe('操作过于频繁，请稍后再试');
      expect(r.status).toBe(429);
      expect(r.body.errorCode).toBe('429');
    } finally {
      setPublicLimits(server.app, 'survey', { perWindow: 1000 });
    }
    const d = await call<Survey>(server.url, '/survey/detail', { token: admin, body: { id: s.id } });
    expect(d.body.data.recordCount).toBe(0);
  });
});

describe('results, records, text answers, Excel', () => {
  let survey: Survey;
  beforeAll(async () => {
    survey = await create('结果统计问卷');
    await setStatus('/survey/open', survey.id, 1);
    const [single, multi, text] = survey.questions;
    const send = async (singleIdx: number, multiIdx: number[], words?: string) =>
      call(server.url, '/web/survey/save', {
        body: {
          surveyId: survey.id,
          visitorToken: token(),
          ...(await captcha()),
          answers: [
            { questionId: single!.id, optionIds: [single!.options[singleIdx]!.id] },
            { questionId: multi!.id, optionIds: multiIdx.map((i) => multi!.options[i]!.id) },
            ...(words ? [{ questionId: text!.id, text: words }] : []),
          ],
        },
      });
    expect((await send(0, [0, 1], '多开夜班车')).body.errorCode).toBe('0');
    expect((await send(0, [1])).body.errorCode).toBe('0');
    expect((await send(2, [1, 3], '票价<script>alert(1)</script>再低一些')).body.errorCode).toBe('0');
    expect((await send(1, [0])).body.errorCode).toBe('0');
  });

  it('counts answers per option with percentages', async () => {
    const r = await call<{ recordCount: number; questions: { type: number; answered: number; textCount: number; options: { content: string; count: number; percent: number }[] }[] }>(
      server.url,
      '/survey/answerdetail',
      { token: admin, body: { id: survey.id } },
    );
    expect(r.body.data.recordCount).toBe(4);
    const [single, multi, text] = r.body.data.questions;
    expect(single!.options.map((o) => o.count)).toEqual([2, 1, 1]);
    expect(single!.options.map((o) => o.percent)).toEqual([50, 25, 25]);
    expect(multi!.options.map((o) => o.count)).toEqual([2, 3, 0, 1]);
    expect(multi!.options[1]!.percent).toBe(75);
    expect(text!.textCount).toBe(2);
    const d = await call<Survey>(server.url, '/survey/detail', { token: admin, body: { id: survey.id } });
    expect(d.body.data.recordCount).toBe(4);
  });

  it('lists records, shows one record and the text answers (HTML stripped)', async () => {
    const list = await call<{ list: { id: number }[]; totalRow: number }>(server.url, '/survey/record/list', { token: admin, body: { surveyId: survey.id, pageNum: 1, pageSize: 2 } });
    expect(list.body.data.totalRow).toBe(4);
    expect(list.body.data.list).toHaveLength(2);
    const rec = await call<{ answers: { optionContents: string[]; text: string | null }[]; visitorToken?: string }>(server.url, '/survey/record/get', { token: admin, body: { id: list.body.data.list[0]!.id } });
    expect(rec.body.data.answers).toHaveLength(3);
    expect(rec.body.data.visitorToken).toBeUndefined();
    const texts = await call<{ list: { content: string }[]; totalRow: number }>(server.url, '/survey/text', { token: admin, query: { id: survey.questions[2]!.id } });
    expect(texts.body.data.totalRow).toBe(2);
    expect(texts.body.data.list.map((t) => t.content).sort()).toEqual(['多开夜班车', '票价再低一些']);
    const notText = await call(server.url, '/survey/text', { token: admin, query: { id: survey.questions[0]!.id } });
    expect(notText.body.errorCode).toBe('1002');
  });

  it('refuses changing questions once answers exist', async () => {
    await setStatus('/survey/open', survey.id, 2);
    const r = await call(server.url, '/survey/add', { token: admin, body: { id: survey.id, questions: questionnaire('x').questions } });
    expect(r.body.errorCode).toBe('1005');
    const titleOnly = await call<Survey>(server.url, '/survey/add', { token: admin, body: { id: survey.id, title: '结果统计问卷（改名）' } });
    expect(titleOnly.body.errorCode).toBe('0');
    await setStatus('/survey/open', survey.id, 1);
  });

  it('exports a real xlsx with the results and the records', async () => {
    const res = await fetch(`${server.url}/survey/survrveyExcel`, {
      method: 'POST',
      headers: { Authorization: admin, appKey: 'adminSite', 'Content-Type': 'application/json' },
      body: JSON.stringify({ surveyId: survey.id }),
    });
    expect(res.headers.get('content-type')).toContain('application/octet-stream');
    expect(res.headers.get('content-disposition')).toContain('filename*=UTF-8');
    const buf = Buffer.from(await res.arrayBuffer());
    expect(buf.subarray(0, 2).toString()).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const results = wb.getWorksheet('统计结果')!;
    const rows: unknown[][] = [];
    results.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const satisfied = rows.find((r) => r[3] === '满意');
    expect(satisfied?.[4]).toBe(2);
    const records = wb.getWorksheet('答卷记录')!;
    expect(records.rowCount).toBe(5); // header + 4 records

    const listExport = await fetch(`${server.url}/survey/survrveyExcel`, {
      method: 'POST',
      headers: { Authorization: admin, appKey: 'adminSite', 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: '结果统计' }),
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(Buffer.from(await listExport.arrayBuffer()) as unknown as ArrayBuffer);
    expect(wb2.getWorksheet('问卷列表')!.rowCount).toBe(2);
  });

  it('keeps results from users without the permission or outside their data scope', async () => {
    const xinxi = await login(server.url, 'xinxi', DEMO_PASSWORD);
    const r = await call(server.url, '/survey/answerdetail', { token: xinxi, body: { id: survey.id } });
    expect(r.status).toBe(403);
  });

  it('shows the results to citizens only when staff switch 公开结果 on (/web/survey/result)', async () => {
    type Pub = { recordCount: number; questions: { title: string; answered: number; textCount: number; options: { content: string; count: number; percent: number }[] }[] };
    const refused = async () => {
      const r = await call<Pub>(server.url, '/web/survey/result', { body: { id: survey.id } });
      expect(r.body).toMatchObject({ errorCode: '1005', errorMsg: '该问卷的调查结果尚未公布' });
    };
    const listed = async () => (await call<{ list: { id: number }[] }>(server.url, '/web/survey/resultList', { body: { pageNum: 1, pageSize: 50 } })).body.data.list.map((s) => s.id);
    const setPublic = async (publicResult: unknown) => call<{ publicResult: number }>(server.url, '/survey/add', { token: admin, body: { id: survey.id, publicResult } });
    // Off by default, also once the survey is ended.
    expect((await call<{ publicResult: number }>(server.url, '/survey/detail', { token: admin, body: { id: survey.id } })).body.data.publicResult).toBe(0);
    await refused();
    expect((await setStatus('/survey/examine', survey.id, 3)).body.errorCode).toBe('0');
    await refused();
    expect(await listed()).not.toContain(survey.id);
    const badSwitch = await setPublic(5);
    expect(badSwitch.body.errorCode).toBe('1002');
    // Staff switch it on (an ended survey's other fields cannot change, this one can).
    const on = await setPublic(1);
    expect(on.body.errorCode, on.body.errorMsg).toBe('0');
    expect(on.body.data.publicResult).toBe(1);
    expect(await listed()).toContain(survey.id);
    const found = await call<{ publicResult: number }>(server.url, '/web/survey/find', { query: { id: survey.id } });
    expect(found.body.data.publicResult).toBe(1);
    const r = await call<Pub>(server.url, '/web/survey/result', { body: { id: survey.id } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data.recordCount).toBe(4);
    const [single, multi, text] = r.body.data.questions;
    // The four answers given above: single 0,0,2,1; multi {0,1},{1},{1,3},{0}.
    expect(single!.options.map((o) => [o.content, o.count, o.percent])).toEqual([['满意', 2, 50], ['基本满意', 1, 25], ['不满意', 1, 25]]);
    expect(multi!.options.map((o) => o.count)).toEqual([2, 3, 0, 1]);
    expect(multi!.options.map((o) => o.percent)).toEqual([50, 75, 0, 25]);
    expect(text!.textCount).toBe(2);
    // Counts only: no text answer, no visitor data.
    expect(JSON.stringify(r.body.data)).not.toContain('夜班车');
    expect(JSON.stringify(r.body.data)).not.toContain('visitor');
    // And off again: citizens no longer see them.
    expect((await setPublic(0)).body.errorCode).toBe('0');
    await refused();
    expect(await listed()).not.toContain(survey.id);
    const missing = await call(server.url, '/web/survey/result', { body: { id: 99999999 } });
    expect(missing.body.errorCode).toBe('1003');
    const bad = await call(server.url, '/web/survey/result', { body: { id: 'x' } });
    expect(bad.body.errorCode).not.toBe('0');
    expect(bad.status).toBeLessThan(500);
  });
});
