import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer';

/**
 * Declared child pages (`childPages`, server/crud/childPages.ts), through 问卷调查's 答卷记录
 * (`/survey/record/list`): one survey's answer records, paged, searched, masked, in the caller's reach.
 */
let server: TestServer;
let admin: string;
let surveyId: number;

interface RecordRow {
  id: number;
  surveyId: number;
  name: string | null;
  phone: string | null;
  createTime: string;
  visitorToken?: string;
}
type Page = { list: RecordRow[]; totalRow: number; currPage: number; totalPage: number };
const records = (body: Record<string, unknown>) => call<Page>(server.url, '/survey/record/list', { token: admin, body });

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  // The demo survey answered with names and phones (server/modules/interaction/surveys/seed.ts).
  const surveys = await call<{ list: { id: number; anonymous: number; recordCount: number }[] }>(server.url, '/survey/list', { token: admin, body: { pageNum: 1, pageSize: 50 } });
  surveyId = surveys.body.data.list.find((s) => s.anonymous === 0 && s.recordCount > 0)!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('childPages', () => {
  it('pages one record\'s rows with only the declared fields, newest first, phones masked', async () => {
    const all = await records({ surveyId, pageNum: 1, pageSize: 50 });
    expect(all.body.errorCode).toBe('0');
    const rows = all.body.data.list;
    expect(rows.length).toBe(all.body.data.totalRow);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.surveyId === surveyId)).toBe(true);
    expect(rows[0]!.visitorToken).toBeUndefined();
    const times = rows.map((r) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const phones = rows.map((r) => r.phone).filter(Boolean) as string[];
    expect(phones.length).toBeGreaterThan(0);
    for (const p of phones) expect(p).not.toMatch(/^1\d{10}$/);
    const second = await records({ id: surveyId, pageNum: 2, pageSize: 1 });
    expect(second.body.data.list.map((r) => r.id)).toEqual([rows[1]!.id]);
    expect(second.body.data.totalPage).toBe(rows.length);
  });

  it('searches by the declared filters', async () => {
    const byPhone = await records({ surveyId, phone: ' 13905870002 ' });
    expect(byPhone.body.data.list.map((r) => r.name)).toEqual(['王先生']);
    const future = await records({ surveyId, startTime: '2999-01-01' });
    expect(future.body.data.totalRow).toBe(0);
    const past = await records({ surveyId, endTime: '2000-01-01' });
    expect(past.body.data.totalRow).toBe(0);
    const bad = await records({ surveyId, startTime: 'yesterday' });
    expect(bad.body.errorCode).toBe('1002');
    expect(bad.body.errorMsg).toContain('提交时间');
  });

  it('needs the record, in the caller\'s reach', async () => {
    const none = await records({});
    expect(none.body.errorCode).toBe('1001');
    expect(none.body.errorMsg).toBe('缺少必填参数：surveyId');
    expect((await records({ surveyId: 'abc' })).body.errorCode).toBe('1002');
    expect((await records({ surveyId: 987654 })).body.errorCode).toBe('1003');
    expect((await call(server.url, '/survey/record/list', { body: { surveyId } })).body.errorCode).not.toBe('0');
  });
});
