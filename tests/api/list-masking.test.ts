import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../resources/types';
import { loadDeclarations } from '../../server/resources/loadDeclarations';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer';

// Issue 10 (个人信息保护法): no list of either app answers a phone or ID number in full — the shared
// helper (server/shared/mask.ts) masks them in every list; the detail views show them in full only to a
// holder of 查看敏感信息, and log that view.
let server: TestServer;
let decls: ResourceDecl[];
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  decls = await loadDeclarations();
  admin = await login(server.url, 'admin', server.adminPassword);
});

afterAll(async () => {
  await server?.close();
});

/**
 * Numbers a list may show in full: the business contacts the portal publishes on purpose (projects,
 * products), and a blacklist entry's value, which is the blocked number itself.
 */
const PUBLIC_FIELDS = new Set(['contactPhone', 'value']);
const FULL_PHONE = /(^|\D)1[3-9]\d{9}(\D|$)/;
const FULL_ID = /(^|\D)\d{17}[\dXx](\D|$)/;

/** Field=value of every full phone or ID number anywhere in an answer. */
function fullNumbers(data: unknown, key = ''): string[] {
  if (typeof data === 'string') return !PUBLIC_FIELDS.has(key) && (FULL_PHONE.test(data) || FULL_ID.test(data)) ? [`${key}=${data}`] : [];
  if (Array.isArray(data)) return data.flatMap((d) => fullNumbers(d, key));
  if (data && typeof data === 'object') return Object.entries(data).flatMap(([k, v]) => fullNumbers(v, k));
  return [];
}

async function listOf(path: string, appKey: string, token: string, method: 'GET' | 'POST' = 'POST', extra: Record<string, unknown> = {}) {
  const page = { pageNum: 1, pageSize: 50, pageNumber: 1, ...extra };
  const r = await call<{ list: Record<string, unknown>[] }>(server.url, path, { token, appKey, method, ...(method === 'GET' ? { query: page } : { body: page }) });
  expect(r.body.errorCode, `${path} ${r.body.errorMsg}`).toBe('0');
  return r.body.data;
}

describe('lists', () => {
  it('no list of either app shows a full phone or ID number, and the demo lists do have such people', async () => {
    const report = await login(server.url, 'admin', server.adminPassword, 'reportSite');
    const found: string[] = [];
    let masked = 0;
    const check = async (path: string, appKey: string, token: string, method?: 'GET' | 'POST', extra?: Record<string, unknown>) => {
      const data = await listOf(path, appKey, token, method, extra);
      found.push(...fullNumbers(data).map((f) => `${path} ${f}`));
      masked += JSON.stringify(data).match(/\d{3}\*{4}\d{4}/g)?.length ?? 0;
    };
    for (const d of decls) {
      const app = d.menu.app ?? 'adminSite';
      await check(d.api.list.path, app, app === 'reportSite' ? report : admin, d.api.list.method ?? 'POST');
    }
    // Lists that are not one declaration's: letters by department, survey respondents.
    await check('/mailForum/mailListByDept', 'adminSite', admin);
    const surveys = await listOf('/survey/list', 'adminSite', admin);
    for (const s of surveys.list) await check('/survey/record/list', 'adminSite', admin, 'POST', { surveyId: s.id });
    expect(found).toEqual([]);
    // Letters, suggestions, themes, members, users and applications all carry phones in the demo data.
    expect(masked).toBeGreaterThan(20);
  });

  it('the opinions inside a consultation are a list: their phones are masked', async () => {
    const topics = await listOf('/advice/list', 'adminSite', admin);
    for (const t of topics.list) {
      const detail = await call<{ opinions: { phone: string | null }[] }>(server.url, '/advice/detail', { token: admin, body: { id: t.id } });
      expect(fullNumbers(detail.body.data.opinions)).toEqual([]);
    }
  });
});

describe('detail views', () => {
  const opLog = async (path: string) =>
    (await call<{ list: { operation: string }[] }>(server.url, '/log/list', { token: admin, body: { pageNum: 1, pageSize: 50, path } })).body.data.list.map((l) => l.operation);

  it('a letter, a suggestion, a theme and a member: full for 查看敏感信息, and each such view is logged', async () => {
    const letter = (await listOf('/mail/list', 'adminSite', admin)).list.find((r) => typeof r.phone === 'string' && r.phone.includes('*'))!;
    expect(letter).toBeDefined();
    const mail = await call<{ phone: string }>(server.url, '/mail/get', { token: admin, body: { id: letter.id } });
    expect(mail.body.data.phone).toMatch(/^1[3-9]\d{9}$/);
    expect(mail.body.data.phone.slice(-4)).toBe(String(letter.phone).slice(-4));
    await expect.poll(() => opLog('/mail/get')).toContainEqual(expect.stringMatching(/^查看敏感信息：领导信箱信件/));

    const suggestion = (await listOf('/suggest/list', 'adminSite', admin)).list.find((r) => typeof r.phone === 'string' && r.phone.includes('*'))!;
    const sug = await call<{ phone: string }>(server.url, '/suggest/get', { token: admin, body: { id: suggestion.id } });
    expect(sug.body.data.phone).toMatch(/^1[3-9]\d{9}$/);
    await expect.poll(() => opLog('/suggest/get')).toContainEqual(expect.stringMatching(/^查看敏感信息：建议征集/));

    const theme = (await listOf('/theme/list', 'adminSite', admin)).list.find((r) => typeof r.phone === 'string' && r.phone.includes('*'))!;
    const th = await call<{ phone: string }>(server.url, '/theme/get', { token: admin, body: { id: theme.id } });
    expect(th.body.data.phone).toMatch(/^1[3-9]\d{9}$/);

    const member = (await listOf('/api/person/pageList', 'adminSite', admin)).list.find((r) => typeof r.phone === 'string' && r.phone.includes('*'))!;
    const person = await call<{ phone: string }>(server.url, '/admin/people/getPeopleDetail', { token: admin, body: { puPeopleId: member.puPeopleId } });
    expect(person.body.errorCode, person.body.errorMsg).toBe('0');
    expect(person.body.data.phone).toMatch(/^1[3-9]\d{9}$/);
  });

  it('without 查看敏感信息 the detail view is masked too, and a masked number sent back is not stored', async () => {
    // The inspector shenji reads every letter but does not hold 查看敏感信息.
    const shenji = await login(server.url, 'shenji', DEMO_PASSWORD);
    const letters = await call<{ list: { id: number; phone: string }[] }>(server.url, '/mail/list', { token: shenji, body: { pageNum: 1, pageSize: 50 } });
    expect(letters.body.errorCode, letters.body.errorMsg).toBe('0');
    const letter = letters.body.data.list.find((r) => r.phone?.includes('*'));
    expect(letter).toBeDefined();
    const seen = await call<{ phone: string }>(server.url, '/mail/get', { token: shenji, body: { id: letter!.id } });
    expect(seen.body.errorCode).toBe('0');
    expect(seen.body.data.phone).toBe(letter!.phone);

    const full = (await call<{ phone: string }>(server.url, '/mail/get', { token: admin, body: { id: letter!.id } })).body.data.phone;
    const saved = await call(server.url, '/mail/add', { token: admin, body: { id: letter!.id, phone: letter!.phone } });
    expect(saved.body.errorCode, saved.body.errorMsg).toBe('0');
    expect((await call<{ phone: string }>(server.url, '/mail/get', { token: admin, body: { id: letter!.id } })).body.data.phone).toBe(full);
  });
});
