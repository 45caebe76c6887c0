import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// A declared word check (resources/shape/wordCheck.ts, server/crud/wordCheck.ts) over 文章's 敏感词检测: the hits are
// checked against 敏感词's stored words, so a change of the declaration or the machinery shows.
type Hit = { wordId: number; word: string; level: number; levelName: string; type: number | null; field: string; context: string; count: number };
type Answer = { hits: Hit[]; blocked: boolean; needReview: boolean };

let server: TestServer;
let url: string;
let admin: string;
const LEVELS: Record<number, string> = { 1: '禁止发布', 2: '需要审核', 3: '仅提示' };

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

type Word = { id: number; word: string; level: number; type: number | null; status: number };
const words = async () => (await server.app.db.selectFrom('sensitive_word').select(['id', 'word', 'level', 'type', 'status']).execute()) as Word[];
const detect = (body: Record<string, unknown>) => call<Answer>(url, '/api/article/detection', { token: admin, body });

describe('a declared word check (文章’s 敏感词检测)', () => {
  it('finds each enabled word in the title, summary and body text, with its context and count, by level then word', async () => {
    const all = await words();
    const on = all.filter((w) => w.status === 1);
    const off = all.find((w) => w.status !== 1);
    expect(on.length).toBeGreaterThan(1);
    const [a, b] = on as [Word, Word];
    const pad = '一二三四五六七八九十'.repeat(3);
    const res = await detect({ title: `关于${a.word}`, summary: `${b.word}`, content: `<p>${pad}${a.word}${pad}</p><p>${a.word}${off?.word ?? ''}</p>` });
    expect(res.body.errorCode, res.body.errorMsg).toBe('0');
    const hits = res.body.data.hits;
    expect(res.body.errorMsg).toBe(`发现${hits.length}处敏感词`);
    const expected: [{ word: string; level: number }, string][] = [[a, '标题'], [a, '正文'], [b, '摘要']];
    expected.sort(([x], [y]) => x.level - y.level || x.word.localeCompare(y.word));
    expect(hits.map((h) => [h.word, h.field])).toEqual(expected.map(([w, f]) => [w.word, f]));
    const body = hits.find((h) => h.field === '正文')!;
    expect(body).toEqual({ wordId: a.id, word: a.word, level: a.level, levelName: LEVELS[a.level], type: a.type, field: '正文', context: `…${pad.slice(-20)}【${a.word}】${pad.slice(0, 20)}…`, count: 2 });
    expect(hits.find((h) => h.field === '标题')?.context).toBe(`关于【${a.word}】`);
    expect(res.body.data.blocked).toBe(hits.some((h) => h.level === 1));
    expect(res.body.data.needReview).toBe(hits.some((h) => h.level === 2));
    if (off) expect(hits.map((h) => h.word)).not.toContain(off.word);
  });

  it('checks the stored article when neither title nor content is given; refuses an unknown or malformed one', async () => {
    const [w] = (await words()).filter((x) => x.status === 1);
    const column = await server.app.db.selectFrom('category').select('categoryId').where('columnType', '=', 1).executeTakeFirstOrThrow();
    const saved = await call<{ articleId: number }>(url, '/api/article/save/admin', { token: admin, body: { columnId: column.categoryId, title: '检测存量', content: `<p>含有${w!.word}的正文</p>`, status: 3 } });
    expect(saved.body.errorCode, saved.body.errorMsg).toBe('0');
    const stored = await detect({ articleId: saved.body.data.articleId, summary: '不看摘要' });
    expect(stored.body.data.hits.map((h) => [h.word, h.field, h.context])).toEqual([[w!.word, '正文', `含有【${w!.word}】的正文`]]);
    // The article is not read when the title is given.
    expect((await detect({ articleId: saved.body.data.articleId, title: '无' })).body).toMatchObject({ errorMsg: '未发现敏感词', data: { hits: [], blocked: false, needReview: false } });
    expect((await detect({ articleId: 99_999_999 })).body.errorCode).toBe('1003');
    expect((await detect({ articleId: 'x' })).body).toMatchObject({ errorCode: '1002', errorMsg: '参数格式不正确：articleId' });
    expect((await call(url, '/api/article/detection', { body: { title: w!.word } })).status).toBe(401);
  });
});
