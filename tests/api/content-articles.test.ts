import { beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_FOLLOWERS, type ArticleFollower } from '../../server/modules/content/articles/changes.js';
import { call, type TestServer } from './helpers/testServer.js';
import { workflowServer, type Detail, type Rec } from './helpers/workflowFixture.js';

const { w, get, inState } = workflowServer();
let server: TestServer;
let url: string;
let admin: string;
let xinxi: string;
let columnId: number;
let xinxiColumn: number;
beforeAll(() => {
  ({ server, url, admin, xinxi, columnId, xinxiColumn } = w);
});

describe('sensitive words', () => {
  it('detects hits with context, blocks level-1 words on submission, records hits and counts them', async () => {
    const add = async (word: string, level: number) => {
      const r = await call<Rec>(url, '/sensitive/add', { token: admin, body: { word, type: 5, level, status: 1 } });
      expect(r.body.errorCode, r.body.errorMsg).toBe('0');
      return Number(r.body.data.id);
    };
    const banned = await add('禁词甲乙', 1);
    const review = await add('待审词丙', 2);
    const content = '<p>这是一段很长的前文，用来测试上下文截取的效果，这里出现了禁词甲乙，然后还有一些后文内容。</p><p>另有待审词丙。</p>';
    const d = await call<{ hits: Rec[]; blocked: boolean }>(url, '/api/article/detection', { token: xinxi, body: { title: '检测', content } });
    expect(d.body.errorCode).toBe('0');
    expect(d.body.data.blocked).toBe(true);
    const hit = d.body.data.hits.find((h) => h.word === '禁词甲乙') as Rec;
    expect(hit.level).toBe(1);
    expect(hit.context).toContain('这里出现了【禁词甲乙】，然后还有');
    expect(d.body.data.hits.some((h) => h.word === '待审词丙' && h.level === 2)).toBe(true);

    const countOf = async (id: number) => Number((await call<Rec>(url, '/sensitive/get', { token: admin, query: { id } })).body.data.hitCount);
    const before = await countOf(banned);
    // Submitting is refused; a draft is kept with its hits recorded.
    const refused = await call(url, '/api/article/save/role', { token: xinxi, body: { title: '含禁词', columnId: xinxiColumn, content, status: 4 } });
    expect(refused.body.errorCode).toBe('1005');
    expect(refused.body.errorMsg).toContain('禁词甲乙');
    const draft = await call<Detail>(url, '/api/article/save/role', { token: xinxi, body: { title: '含禁词', columnId: xinxiColumn, content } });
    expect(draft.body.errorCode).toBe('0');
    expect(await countOf(banned)).toBe(before + 1);
    expect(await countOf(review)).toBeGreaterThan(0);
    const list = await call<Rec[]>(url, '/api/article/articleSensitiveList', { token: xinxi, query: { articleId: draft.body.data.articleId } });
    expect(list.body.data.map((h) => h.word).sort()).toEqual(['待审词丙', '禁词甲乙']);
    expect(String(list.body.data.find((h) => h.word === '禁词甲乙')?.context)).toContain('【禁词甲乙】');
    const submit = await call(url, '/api/article/update', { token: xinxi, body: { articleId: draft.body.data.articleId, status: 4 } });
    expect(submit.body.errorCode).toBe('1005');
    const cleaned = await call<Detail>(url, '/api/article/update', { token: xinxi, body: { articleId: draft.body.data.articleId, content: '<p>已删除问题词语。</p>', status: 4 } });
    expect(cleaned.body.errorCode, cleaned.body.errorMsg).toBe('0');
    expect(cleaned.body.data.status).toBe(4);
    expect((await call<Rec[]>(url, '/api/article/articleSensitiveList', { token: xinxi, query: { articleId: draft.body.data.articleId } })).body.data).toEqual([]);
  });
});

describe('copy, sort, move up, related articles, public reads', () => {
  it('copies into a new draft with history, sorts and moves up', async () => {
    const a = await inState(5, '排序甲');
    const copy = await call<number[]>(url, '/api/article/articleCopy', { token: admin, body: { ids: [a], columnId: xinxiColumn } });
    expect(copy.body.errorCode).toBe('0');
    const c = await get(admin, copy.body.data[0] as number);
    expect(c.status).toBe(3);
    expect(c.title).toBe('排序甲');
    expect(c.columnId).toBe(xinxiColumn);
    expect(c.flowList[0]?.opinion).toBe(`复制自文章${a}`);

    const b = await inState(5, '排序乙');
    expect((await call(url, '/api/article/articleSort', { token: admin, body: { articleId: a, sort: 500 } })).body.errorCode).toBe('0');
    expect((await call(url, '/api/article/articleSort', { token: admin, body: { articleId: b, sort: 400 } })).body.errorCode).toBe('0');
    expect((await call(url, '/api/article/articleSort', { token: admin, body: { articleId: b, sort: -1 } })).body.errorCode).toBe('1002');
    const order = async () => (await call<{ list: Detail[] }>(url, '/api/article/webList', { body: { columnId, pageSize: 3 } })).body.data.list.map((x) => x.articleId);
    expect((await order()).slice(0, 2)).toEqual([a, b]);
    expect((await call(url, '/api/article/articleUp', { token: admin, body: { articleId: b } })).body.errorCode).toBe('0');
    expect((await order()).slice(0, 2)).toEqual([b, a]);
    expect((await call(url, '/api/article/articleUp', { token: admin, body: { articleId: b } })).body.errorCode).toBe('1005');
  });
  it('copies keep the named order and take a column under categoryId; more than 200 are refused before any is read (session 27)', async () => {
    const a = await inState(3, '复制甲');
    const b = await inState(3, '复制乙');
    const copy = await call<number[]>(url, '/api/article/articleCopy', { token: admin, body: { ids: [b, a], categoryId: xinxiColumn } });
    expect(copy.body.errorCode, copy.body.errorMsg).toBe('0');
    expect(copy.body.errorMsg).toBe('复制成功');
    const titles = await Promise.all(copy.body.data.map(async (id) => (await get(admin, id)).title));
    expect(titles).toEqual(['复制乙', '复制甲']);
    expect((await get(admin, copy.body.data[0] as number)).columnId).toBe(xinxiColumn);
    const many = await call(url, '/api/article/articleCopy', { token: admin, body: { ids: Array.from({ length: 201 }, (_, i) => i + 1) } });
    expect(many.body.errorMsg).toBe('一次最多处理200篇文章');
    expect((await call(url, '/api/article/articleCopy', { token: admin, body: { ids: [a], columnId: 'x' } })).body.errorMsg).toBe('参数格式不正确：columnId');
  });
  it('修改并退回 takes the opinion as remark too; 删除导入文章 deletes imported articles whatever their state (session 27)', async () => {
    const r = await inState(4, '备注退回');
    const back = await call<Detail>(url, '/api/article/updateAndReject', { token: admin, body: { articleId: r, title: '备注退回（改）', remark: '用备注' } });
    expect(back.body.errorCode, back.body.errorMsg).toBe('0');
    expect(back.body.data.status).toBe(2);
    expect(back.body.data.flowList.at(-1)).toMatchObject({ actionName: '修改并退回', opinion: '用备注', fromStatus: 4, toStatus: 2 });
    const published = await inState(5, '导入的文章');
    const plain = await inState(3, '自写的文章');
    await server.app.db.updateTable('article').set({ imported: 1 }).where('articleId', '=', published).execute();
    const refused = await call(url, '/api/article/deleteImportArticle', { token: admin, body: { ids: [published, plain] } });
    expect(refused.body.errorCode).toBe('1005');
    expect(refused.body.errorMsg).toBe('文章“自写的文章”不是导入的文章，不能用此操作删除');
    expect((await get(admin, published)).status).toBe(5);
    const gone = await call<number>(url, '/api/article/deleteImportArticle', { token: admin, body: { articleId: published } });
    expect(gone.body.errorCode, gone.body.errorMsg).toBe('0');
    expect(gone.body.data).toBe(1);
    expect((await call(url, '/api/article/redisByArticleId', { token: admin, method: 'GET', query: { articleId: published } })).body.errorCode).toBe('1003');
    // The editor reaches their own articles only: another's is unknown to them.
    expect((await call(url, '/api/article/deleteImportArticle', { token: xinxi, body: { ids: [plain] } })).body.errorCode).toBe('1003');
  });
  it('relates articles and shows published ones publicly; hits count; unpublished ones are not readable', async () => {
    const main = await inState(5, '主文章');
    const rel = await inState(5, '相关文章');
    const draft = await inState(3, '相关草稿');
    const s = await call<Rec[]>(url, '/article/relevant/save', { token: admin, body: { articleId: main, relevantIds: [rel, draft] } });
    expect(s.body.errorCode).toBe('0');
    expect(s.body.data).toHaveLength(2);
    expect((await call(url, '/article/relevant/save', { token: admin, body: { articleId: main, relevantIds: [main] } })).body.errorCode).toBe('1002');
    const view = await call<Rec & { relevantList: Rec[]; content: string }>(url, '/api/article/view', { method: 'GET', query: { articleID: main } });
    expect(view.body.errorCode).toBe('0');
    expect(view.body.data.relevantList.map((r) => r.articleId)).toEqual([rel]);
    expect(view.body.data).not.toHaveProperty('creatorId');
    const h1 = await call<Rec>(url, '/api/article/hit', { method: 'GET', query: { articleID: main } });
    const h2 = await call<Rec>(url, '/api/article/hit', { method: 'GET', query: { articleID: main } });
    expect(Number(h2.body.data.hits)).toBe(Number(h1.body.data.hits) + 1);
    expect((await call(url, '/api/article/view', { method: 'GET', query: { articleID: draft } })).body.errorCode).toBe('1003');
    expect((await call(url, '/api/article/hit', { method: 'GET', query: { articleID: draft } })).body.errorCode).toBe('1003');
    const list = await call<Rec[]>(url, '/article/relevant/getArticleRelevantList', { token: admin, body: { id: main } });
    const relId = Number(list.body.data[0]?.id);
    expect((await call(url, '/article/relevant/deleteArticleRelevant', { token: admin, body: { id: relId } })).body.errorCode).toBe('0');
    expect((await call<Rec[]>(url, '/article/relevant/getArticleRelevantList', { token: admin, body: { id: main } })).body.data).toHaveLength(1);
    const col = await call<Rec & { breadcrumb: Rec[] }>(url, '/api/article/column', { method: 'GET', query: { categoryId: xinxiColumn } });
    expect(col.body.data.breadcrumb.map((b) => b.categoryTitle)).toEqual(['新闻中心', '部门动态']);
    const byParent = await call<{ list: Detail[] }>(url, '/api/article/mj/webListByParent', { body: { parentId: Number(col.body.data.breadcrumb[0]?.categoryId), pageSize: 200 } });
    expect(byParent.body.data.list.every((a) => a.status === undefined)).toBe(true);
    expect(byParent.body.data.list.length).toBeGreaterThan(0);
  });
  it('the voice service answers (tests/api/article-voice.test.ts tests it); manualSavaEs runs the hooks', async () => {
    const v = await call(url, '/articleVoice/synthesis', { token: admin, body: { articleId: 1 } });
    expect(v.body.errorCode, v.body.errorMsg).toBe('0');
    // The article's behaviour tells its followers after each commit; this one wraps the search index's.
    const seen: [number, string][] = [];
    const search = server.app.entities.runtime.services.get<ArticleFollower>(ARTICLE_FOLLOWERS.search);
    server.app.entities.provide(ARTICLE_FOLLOWERS.search, async (id: number, change: Parameters<ArticleFollower>[1]) => {
      seen.push([id, change]);
      await search(id, change);
    });
    const id = await inState(4, '钩子');
    await call(url, '/api/article/accept', { token: admin, body: { ids: [id] } });
    await call(url, '/api/article/approve', { token: admin, body: { ids: [id] } });
    await call(url, '/api/article/rejectArticleTask', { token: admin, body: { ids: [id] } });
    await call(url, '/api/article/delete', { token: admin, body: { ids: [id] } });
    expect(seen.filter(([x]) => x === id).map(([, c]) => c)).toEqual(['changed', 'changed', 'published', 'unpublished', 'removed']);
    const es = await call<Rec>(url, '/api/article/manualSavaEs', { token: admin, body: {} });
    expect(es.body.errorMsg).toBe('索引已更新');
    expect(Number(es.body.data.count)).toBeGreaterThan(0);
  });
});

describe('审核记录: one 修改 per editing session', () => {
  it('joins one person’s consecutive plain edits within 30 minutes; another person, a step or a pause starts a new entry', async () => {
    const created = await call<Detail>(url, '/api/article/save/role', { token: xinxi, body: { title: '编辑会话', columnId: xinxiColumn, content: '<p>初稿</p>', status: 3 } });
    expect(created.body.errorCode, created.body.errorMsg).toBe('0');
    const id = created.body.data.articleId;
    const edit = async (token: string, n: number) => {
      const r = await call<Detail>(url, '/api/article/update', { token, body: { articleId: id, content: `<p>第${n}稿</p>` } });
      expect(r.body.errorCode, r.body.errorMsg).toBe('0');
      return r.body.data.flowList;
    };
    const names = (flows: { actionName: string; userName: string }[]) => flows.map((f) => `${f.actionName}/${f.userName}`);

    const first = await edit(xinxi, 1);
    const firstTime = String(first.at(-1)?.['createTime' as never]);
    await edit(xinxi, 2);
    const third = await edit(xinxi, 3);
    // The save answers the history it stored: still one 修改, its time the latest edit's.
    expect(names(third)).toEqual(['新建/李晓', '修改/李晓']);
    expect(String(third.at(-1)?.['createTime' as never]) >= firstTime).toBe(true);
    expect(names((await get(admin, id)).flowList)).toEqual(['新建/李晓', '修改/李晓']);

    // Another person's edit is an entry of its own, and so is the first person's next edit after it.
    expect(names(await edit(admin, 4))).toEqual(['新建/李晓', '修改/李晓', '修改/系统管理员']);
    expect(names(await edit(xinxi, 5))).toEqual(['新建/李晓', '修改/李晓', '修改/系统管理员', '修改/李晓']);

    // Older than 30 minutes: a new session.
    const stale = '2020-01-01 08:00:00';
    await server.app.db.updateTable('article_flow').set({ createTime: stale }).where('articleId', '=', id).where('userName', '=', '李晓').where('action', '=', 'edit').execute();
    const later = await edit(xinxi, 6);
    expect(names(later)).toEqual(['新建/李晓', '修改/李晓', '修改/系统管理员', '修改/李晓', '修改/李晓']);
    expect(later.at(-1)?.['createTime' as never]).not.toBe(stale);

    // A review step is always its own entry, and the edit after it starts a new one.
    const submitted = await call(url, '/api/article/update', { token: xinxi, body: { articleId: id, status: 4 } });
    expect(submitted.body.errorCode, submitted.body.errorMsg).toBe('0');
    const withdrawn = await call(url, '/api/article/delArticleTask', { token: xinxi, body: { ids: [id] } });
    expect(withdrawn.body.errorCode, withdrawn.body.errorMsg).toBe('0');
    const after = names(await edit(xinxi, 7));
    expect(after.slice(-3)).toEqual(['提交审核/李晓', '撤回/李晓', '修改/李晓']);
    expect(after).toHaveLength(8);
  });
});
