import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer';

// The demo records of surveys, suggestions, advice topics and disclosure applications (server/modules/
// interaction/*/seed.ts), read back through the same calls the screens and the public site use.
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  setPublicLimits(server.app, 'suggest-query', { perWindow: 1000, perDay: 1000 });
});
afterAll(async () => {
  await server?.close();
});

type Page<T> = { list: T[]; totalRow: number };

describe('interaction forms demo data', () => {
  it('two questionnaires: one started with answers whose results add up, one ended', async () => {
    const list = await call<Page<{ id: number; title: string; status: number; recordCount: number }>>(server.url, '/survey/list', { token: admin, body: { pageSize: 50 } });
    const started = list.body.data.list.find((s) => s.title === '云溪县城乡公交服务满意度调查');
    const ended = list.body.data.list.find((s) => s.title === '2025年县城义务教育学校课后服务情况问卷');
    expect(started?.status).toBe(1);
    expect(ended?.status).toBe(3);
    const result = await call<{ recordCount: number; questions: { type: number; answered: number; textCount: number; options: { count: number }[] }[] }>(server.url, '/survey/answerdetail', {
      token: admin,
      body: { id: started!.id },
    });
    expect(result.body.errorCode, result.body.errorMsg).toBe('0');
    expect(result.body.data.recordCount).toBe(4);
    const [single, multi, text] = result.body.data.questions;
    expect(single!.options.map((o) => o.count)).toEqual([1, 2, 1]);
    expect(multi!.options.reduce((s, o) => s + o.count, 0)).toBe(7);
    expect(text!.textCount).toBe(3);
    const pub = await call<Page<{ title: string }> | { title: string }[]>(server.url, '/web/survey/list', { body: {} });
    const titles = (Array.isArray(pub.body.data) ? pub.body.data : pub.body.data.list).map((s) => s.title);
    expect(titles).toContain(started!.title);
    expect(titles).not.toContain(ended!.title);
  });

  it('four suggestions, two handled and published; a pending one is found by its code and phone', async () => {
    const all = await call<Page<{ id: number; status: number; queryCode: string; phone: string; replyContent: string | null }>>(server.url, '/suggest/list', { token: admin, body: { pageSize: 50 } });
    expect(all.body.data.totalRow).toBe(4);
    expect(all.body.data.list.filter((s) => s.status === 1 && s.replyContent)).toHaveLength(2);
    const handled = await call<Page<{ replyDept: string; replyContent: string; phone?: string }>>(server.url, '/suggest/web/list', { body: {} });
    expect(handled.body.data.totalRow).toBe(2);
    expect(handled.body.data.list.every((s) => s.replyDept && s.replyContent && s.phone === undefined)).toBe(true);
    const pending = all.body.data.list.find((s) => s.status === 0)!;
    // The list masks the phone (issue 10); the admin's detail view has it in full.
    expect(pending.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const full = await call<{ phone: string }>(server.url, '/suggest/get', { token: admin, body: { id: pending.id } });
    const mine = await call<Page<{ status: number }>>(server.url, '/suggest/web/list', { body: { queryCode: pending.queryCode, phone: full.body.data.phone } });
    expect(mine.body.data.list[0]!.status).toBe(0);
  });

  it('two advice topics: one collecting with opinions, one with a published result', async () => {
    const list = await call<Page<{ id: number; status: number; opinionCount: number; title: string }>>(server.url, '/advice/list', { token: admin, body: {} });
    expect(list.body.data.list.map((t) => t.status).sort()).toEqual([1, 3]);
    const collecting = list.body.data.list.find((t) => t.status === 1)!;
    const detail = await call<{ opinions: unknown[] }>(server.url, '/advice/detail', { token: admin, query: { id: collecting.id } });
    expect(detail.body.data.opinions).toHaveLength(collecting.opinionCount);
    expect(collecting.opinionCount).toBeGreaterThan(0);
    const web = await call<{ id: number }[]>(server.url, '/advice/web/list', { query: { size: 10 } });
    expect(web.body.data.map((t) => t.id)).toEqual([collecting.id]);
    const done = list.body.data.list.find((t) => t.status === 3)!;
    const pub = await call<{ resultContent: string; resultTime: string }>(server.url, '/advice/web/my/detail', { query: { id: done.id } });
    expect(pub.body.data.resultContent).toContain('<p>');
    expect(pub.body.data.resultTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
  });

  it('four disclosure applications in different states, one of them overdue', async () => {
    const list = await call<Page<{ status: number; overdue: number; deadline: string; handleDeptName: string }>>(server.url, '/apply/list', { token: admin, body: {} });
    expect(list.body.data.list.map((a) => a.status).sort()).toEqual([0, 1, 2, 3]);
    expect(list.body.data.list.every((a) => /^\d{4}-\d{2}-\d{2}$/.test(a.deadline) && a.handleDeptName)).toBe(true);
    const overdue = await call<Page<{ status: number }>>(server.url, '/apply/list', { token: admin, body: { overdue: 1 } });
    expect(overdue.body.data.list.map((a) => a.status)).toEqual([1]);
    const summary = await call<{ total: number; overdue: number }>(server.url, '/app/list', { token: admin, body: {} });
    expect(summary.body.data).toMatchObject({ total: 4, overdue: 1 });
  });
});
