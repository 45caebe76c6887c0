import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/types.js';
import type { FloodGate } from '../../server/public/floodGate.js';
import { floodGateOf, setFloodGate } from '../../server/public/gateOfApp.js';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer.js';

// The flood gate of public submissions (server/public/floodGate.ts) over real HTTP: each test sets its own
// small budget, so nothing here waits longer than a fraction of a second per step.
let server: TestServer;
let admin: string;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  setPublicLimits(server.app, 'mail', { perWindow: 1000, perDay: 1000, globalPerDay: 100_000 });
});
afterEach(() => void setFloodGate(server.app, {}));
afterAll(async () => server?.close());

async function captcha(): Promise<string> {
  const codeId = `gatetest${Date.now()}${(seq += 1)}`;
  await (await fetch(new URL(`/user/captcha?codeId=${codeId}`, server.url))).text();
  return codeId;
}

const letter = { title: '关于路灯不亮的问题', content: '城关镇东街路灯不亮已有一周。', type: 3, boxType: 2, name: '张三', phone: '13912345678' };

/**
 * A visitor's letter from its own address; `good` carries a right captcha (or is the id of one fetched
 * already). Answers status, errorCode and ms taken.
 */
async function send(good: boolean | string, signal?: AbortSignal) {
  const started = performance.now();
  const codeId = typeof good === 'string' ? good : good ? await captcha() : 'nosuchcaptcha';
  const body = { ...letter, codeId, verifyCode: good ? TEST_CAPTCHA_TEXT : 'XXXX' };
  const res = await fetch(new URL('/web/mail/add', server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${(seq += 1) % 250}` },
    body: JSON.stringify(body),
    signal,
  });
  const json = (await res.json()) as { errorCode: string; errorMsg: string };
  return { status: res.status, code: json.errorCode, msg: json.errorMsg, ms: performance.now() - started };
}

async function rows(table: string): Promise<number> {
  const r = (await dynamic(server.app.db).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
  return Number(r.n);
}

/** Waits for the gate to reach a state (up to 30 s: on a loaded machine requests reach it slowly). */
async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(floodGateOf(server.app).state)}`);
}

/**
 * The gate's clock, which a test can stop: while it stands no token comes back, so how many requests pass,
 * queue or are held depends on their number only, not on how slowly a loaded machine delivers them.
 * Held requests still wait on real timers (holdMs).
 */
function pausableClock() {
  let pausedAt: number | null = null;
  let lost = 0;
  return {
    now: () => (pausedAt ?? performance.now()) - lost,
    pause: () => void (pausedAt ??= performance.now()),
    resume: () => {
      if (pausedAt !== null) lost += performance.now() - pausedAt;
      pausedAt = null;
    },
  };
}

/** Counts the submissions that have reached the gate. */
function countArrivals(gate: FloodGate): { n: number } {
  const arrived = { n: 0 };
  const admit = gate.admit.bind(gate);
  gate.admit = (signal) => ((arrived.n += 1), admit(signal));
  return arrived;
}

describe('the flood gate in front of public submissions', () => {
  it('lets a lone citizen through at once with the default settings', async () => {
    const gate = floodGateOf(server.app);
    expect(gate.options).toMatchObject({ ratePerSecond: 20, burst: 40, holdMs: 3000 });
    const r = await send(true);
    expect(r.code).toBe('0');
    expect(r.ms).toBeLessThan(gate.options.holdMs);
    expect(gate.state).toMatchObject({ queued: 0, held: 0 });
  });

  it('admits the budget, queues the next, holds then refuses the rest with 429, writing nothing for them', async () => {
    const clock = pausableClock();
    const gate = setFloodGate(server.app, { ratePerSecond: 5, burst: 2, maxQueue: 2, holdMs: 800 }, clock.now);
    const arrived = countArrivals(gate);
    const before = [await rows('mail'), await rows('public_rate')];
    // The clock stands while the seven arrive: two pass, two queue, three are held (was: a real clock, so a
    // flood delivered slowly by a loaded machine earned tokens back and the counts changed).
    clock.pause();
    const flood = Array.from({ length: 7 }, () => send(false));
    await until(() => arrived.n === 7, 'all seven at the gate');
    expect(gate.state.queued).toBe(2);
    // Staff are not held behind the flood: the list answers while the gate is full. The queue cannot drain
    // while the clock stands, so a call that went through the gate now would be held and refused.
    const list = await call<{ totalRow: number }>(server.url, '/mail/list', { token: admin, body: { pageNum: 1, pageSize: 10 } });
    expect(list.body.errorCode).toBe('0');
    expect(gate.state.queued).toBe(2);
    clock.resume();
    const answers = await Promise.all(flood);
    const refused = answers.filter((a) => a.status === 429);
    const checked = answers.filter((a) => a.status === 200);
    expect(checked.map((a) => a.code)).toEqual(['2002', '2002', '2002', '2002']);
    expect(refused.map((a) => [a.code, a.msg])).toEqual(Array(3).fill(['429', '操作过于频繁，请稍后再试']));
    for (const a of refused) expect(a.ms).toBeGreaterThanOrEqual(750);
    expect([await rows('mail'), await rows('public_rate')]).toEqual(before);
    expect(gate.state).toMatchObject({ queued: 0, held: 0 });
  });

  it("delays a citizen's letter during a flood instead of losing it", async () => {
    // One token a second: the citizen arrives while the flooder's token is being replaced, so it must queue.
    // The queue is observed, not timed: under a loaded machine a wall-clock wait proves nothing either way.
    const clock = pausableClock();
    const gate = setFloodGate(server.app, { ratePerSecond: 1, burst: 1, maxQueue: 3, holdMs: 3000 }, clock.now);
    const mails = await rows('mail');
    const codeId = await captcha(); // fetched before the token goes, so the citizen's request is only the letter
    // No token comes back until the citizen is in the queue, however long a loaded machine takes to get it there.
    clock.pause();
    const flooder = send(false); // takes the only token
    await until(() => gate.state.tokens < 1, 'the token taken');
    const pending = send(codeId);
    await until(() => gate.state.queued === 1, 'the citizen queued');
    expect(gate.state.held).toBe(0);
    clock.resume();
    const citizen = await pending;
    expect(citizen.code).toBe('0');
    expect(gate.state.queued).toBe(0);
    expect((await flooder).code).toBe('2002');
    expect(await rows('mail')).toBe(mails + 1);
  });

  it('lets go of a client that disconnects while queued or held', async () => {
    const clock = pausableClock();
    const gate = setFloodGate(server.app, { ratePerSecond: 2, burst: 1, maxQueue: 1, holdMs: 5000 }, clock.now);
    clock.pause(); // no token comes back until the test lets the clock go on
    await send(false); // the token is used
    const queuedClient = new AbortController();
    const heldClient = new AbortController();
    const gone = [send(false, queuedClient.signal), send(false, heldClient.signal)].map((p) => p.catch((e: Error) => e.name));
    await until(() => gate.state.queued === 1 && gate.state.held === 1, 'one queued and one held');
    queuedClient.abort();
    heldClient.abort();
    expect(await Promise.all(gone)).toEqual(['AbortError', 'AbortError']);
    await until(() => gate.state.queued === 0 && gate.state.held === 0, 'both gone');
    // The queue is empty again: the next visitor is first in line for the next token, not behind the ones
    // gone (were they still queued, the full queue would hold it and then refuse it). Seen by the gate's
    // state while its clock stands (was: a wall-clock bound of 1.5 s on the whole call).
    const pendingNext = send(false);
    await until(() => gate.state.queued === 1, 'the next visitor queued');
    expect(gate.state.held).toBe(0);
    clock.resume();
    const next = await pendingNext;
    expect(next.code).toBe('2002');
  });

  it('stands in front of every public submission route: with the gate shut each answers 429 and stores nothing', async () => {
    const gate = setFloodGate(server.app, { ratePerSecond: 0.01, burst: 1, maxQueue: 0, holdMs: 0 });
    expect(await gate.admit()).toBe('admitted'); // the only token: every call below is over the budget
    const post = async (path: string, body: unknown) => {
      const res = await fetch(new URL(path, server.url), { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.250' }, body: JSON.stringify(body) });
      return { status: res.status, code: ((await res.json()) as { errorCode: string }).errorCode };
    };
    // Bodies valid up to the guard (routes that check their fields or read their topic first).
    const depts = (await call<{ id: number }[]>(server.url, '/web/apply/dept/list')).body.data;
    const survey = (await call<{ questions: { id: number; type: number; required: number; options?: { id: number }[] }[] }>(server.url, '/web/survey/find', { body: { id: 1 } })).body.data;
    const answers = survey.questions.filter((q) => q.required === 1).map((q) => (q.type === 2 ? { questionId: q.id, text: '好' } : { questionId: q.id, optionIds: [q.options?.[0]?.id] }));
    const captchaFields = { codeId: 'x', verifyCode: 'XXXX' };
    const calls: [string, unknown][] = [
      ['/web/mail/add', { ...letter, ...captchaFields }],
      ['/web/apply/save', { name: '张三', idNumber: '420000199001011234', phone: '13800000000', address: '云溪县城关镇', infoName: '经费', content: '申请公开经费使用情况。', handleDeptId: depts[0]?.id, ...captchaFields }],
      ['/advice/web/add', { adviceId: 1, content: '建议增加公交班次。', name: '张三', phone: '13800000000', ...captchaFields }],
      ['/web/survey/save', { surveyId: 1, visitorToken: 'gate-visitor-token-0001', name: '张三', phone: '13800000000', answers, ...captchaFields }],
      ['/suggest/add', { title: '建议', content: '增加路灯。', phone: '13800000000', ...captchaFields }],
      ['/theme/webAdd', { title: '问题', content: '内容', ...captchaFields }],
      ['/web/people/mobileLogin', { peoplePhone: '13800000000', photoCode: 'XXXX', codeId: 'x' }],
    ];
    const tables = ['mail', 'apply', 'advice_opinion', 'survey_record', 'public_rate'];
    const before = await Promise.all(tables.map(rows));
    const answered = [];
    for (const [path, body] of calls) answered.push([path, await post(path, body)]);
    expect(answered).toEqual(calls.map(([path]) => [path, { status: 429, code: '429' }]));
    expect(await Promise.all(tables.map(rows))).toEqual(before);

    // The routes that read their survey, topic or department first are gated before those reads: a topic
    // that does not exist is not even looked up while the gate is shut.
    const early: [string, unknown][] = [
      ['/web/survey/save', { surveyId: 999999, visitorToken: 'gate-visitor-token-0002', answers: [] }],
      ['/advice/web/add', { adviceId: 999999, content: '建议。' }],
      ['/web/apply/save', { name: '张三', handleDeptId: 999999 }],
    ];
    for (const [path, body] of early) expect([path, await post(path, body)]).toEqual([path, { status: 429, code: '429' }]);
  });
});
