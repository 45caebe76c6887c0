import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/testServer.js';
import { workflowServer, type Detail, type Flow, type Rec } from './helpers/workflowFixture.js';

const STATE_NAMES: Record<number, string> = { 1: '已下线', 2: '已退回', 3: '编辑中', 4: '审核中', 5: '已发布', 6: '待终审' };
const { w, get, create, inState } = workflowServer();
let url: string;
let admin: string;
let shenhe: string;
let xinxi: string;
let columnId: number;
let xinxiColumn: number;
beforeAll(() => {
  ({ url, admin, shenhe, xinxi, columnId, xinxiColumn } = w);
});


/**
 * Every state × step, written out independently of the code's table: the step either moves the article
 * to `to`, or is refused with 1005 and a message naming the current state and the step.
 */
const STEPS: { path: string; label: string; allowed: Record<number, number | 'same' | 'gone'>; body?: Rec }[] = [
  { path: '/api/article/accept', label: '初审通过', allowed: { 4: 6 } },
  { path: '/api/article/acceptReject', label: '初审退回', allowed: { 4: 2 }, body: { opinion: '请修改' } },
  { path: '/api/article/approve', label: '终审发布', allowed: { 6: 5, 1: 5 } },
  { path: '/api/article/reject', label: '退回', allowed: { 4: 2, 6: 2 }, body: { opinion: '不符合要求' } },
  { path: '/api/article/delArticleTask', label: '撤回', allowed: { 4: 3 } },
  { path: '/api/article/rejectArticleTask', label: '下线', allowed: { 5: 1 } },
  { path: '/api/article/updateAndAccept', label: '修改并初审通过', allowed: { 4: 6 }, body: { title: '改后标题' } },
  { path: '/api/article/updateAndApprove', label: '修改并终审发布', allowed: { 6: 5, 1: 5 }, body: { title: '改后标题' } },
  { path: '/api/article/updateAndReject', label: '修改并退回', allowed: { 4: 2, 6: 2 }, body: { title: '改后标题', opinion: '改了再退' } },
  { path: '/api/article/update', label: '修改', allowed: { 3: 'same', 2: 'same', 1: 'same', 5: 'same' }, body: { title: '只改标题' } },
  { path: '/api/article/delete', label: '删除', allowed: { 3: 'gone', 2: 'gone', 1: 'gone' } },
];

describe('the review workflow: every state × step', () => {
  for (const step of STEPS) {
    for (const state of [3, 4, 6, 2, 5, 1]) {
      const expected = step.allowed[state];
      it(`${step.path} from ${STATE_NAMES[state]} → ${expected === undefined ? '1005' : String(expected)}`, async () => {
        const id = await inState(state);
        const before = await get(admin, id);
        const body = step.path.includes('update') ? { articleId: id, ...step.body } : { ids: [id], ...step.body };
        const r = await call(url, step.path, { token: admin, body });
        if (expected === undefined) {
          expect(r.body.errorCode).toBe('1005');
          expect(r.body.errorMsg).toBe(`当前状态为${STATE_NAMES[state]}，不能执行“${step.label}”`);
          const after = await get(admin, id);
          expect(after.status).toBe(state);
          expect(after.flowList).toHaveLength(before.flowList.length);
          expect(after.title).toBe(before.title);
          return;
        }
        expect(r.body.errorCode, r.body.errorMsg).toBe('0');
        if (expected === 'gone') {
          expect((await call(url, '/api/article/redisByArticleId', { token: admin, method: 'GET', query: { articleId: id } })).body.errorCode).toBe('1003');
          return;
        }
        const after = await get(admin, id);
        const to = expected === 'same' ? state : expected;
        expect(after.status).toBe(to);
        const last = after.flowList[after.flowList.length - 1] as Flow;
        expect(after.flowList).toHaveLength(before.flowList.length + 1);
        expect(last.fromStatus).toBe(state);
        expect(last.toStatus).toBe(to);
        expect(last.userName).toBe('系统管理员');
        expect(last.actionName).toBe(step.label === '撤回' || step.label === '下线' ? step.label : step.label);
        if (step.body?.opinion) expect(last.opinion).toBe(step.body.opinion);
        if (step.body?.title) expect(after.title).toBe(step.body.title);
        if (to === 5) expect(after.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      });
    }
  }

  it('a rejection needs an opinion', async () => {
    const id = await inState(4);
    const r = await call(url, '/api/article/acceptReject', { token: admin, body: { ids: [id] } });
    expect(r.body.errorCode).toBe('1001');
    expect(r.body.errorMsg).toContain('opinion');
    expect((await get(admin, id)).status).toBe(4);
  });

  it('a bulk step is all or nothing', async () => {
    const a = await inState(4, '批量甲');
    const b = await inState(5, '批量乙');
    const r = await call(url, '/api/article/accept', { token: admin, body: { ids: [a, b] } });
    expect(r.body.errorCode).toBe('1005');
    expect((await get(admin, a)).status).toBe(4);
    const c = await inState(4, '批量丙');
    const ok = await call<number>(url, '/api/article/accept', { token: admin, body: { ids: [a, c] } });
    expect(ok.body.errorCode).toBe('0');
    expect(ok.body.data).toBe(2);
    expect((await get(admin, a)).status).toBe(6);
    expect((await get(admin, c)).status).toBe(6);
  });

  it('an unknown article answers 1003, bad ids 1002/1001', async () => {
    expect((await call(url, '/api/article/accept', { token: admin, body: { ids: [999999] } })).body.errorCode).toBe('1003');
    expect((await call(url, '/api/article/accept', { token: admin, body: { ids: ['x'] } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/article/accept', { token: admin, body: {} })).body.errorCode).toBe('1001');
  });
});

describe('who may do what', () => {
  it('xinxi creates in a granted column and submits; shenhe accepts; shenhe may not approve; admin approves; it is public', async () => {
    const refused = await call(url, '/api/article/save/role', { token: xinxi, body: { title: '越权栏目', columnId, content: '<p>x</p>' } });
    expect(refused.body.errorCode).toBe('1002');
    expect(refused.body.errorMsg).toContain('发布权限');

    const created = await call<Detail>(url, '/api/article/save/role', { token: xinxi, body: { title: '县教育局召开春季开学工作会', columnId: xinxiColumn, content: '<p>会议部署开学工作。</p>', status: 3 } });
    expect(created.body.errorCode, created.body.errorMsg).toBe('0');
    const id = created.body.data.articleId;
    expect(created.body.data.status).toBe(3);
    expect(created.body.data.creatorName).toBe('李晓');

    const submitted = await call<Detail>(url, '/api/article/update', { token: xinxi, body: { articleId: id, status: 4 } });
    expect(submitted.body.errorCode, submitted.body.errorMsg).toBe('0');
    expect(submitted.body.data.status).toBe(4);
    // The editor cannot act as a reviewer: no key → 403.
    expect((await call(url, '/api/article/accept', { token: xinxi, body: { ids: [id] } })).status).toBe(403);

    // The reviewer's queue shows it (column granted to 内容审核员), and only states they can act on.
    const queue = await call<{ list: Detail[] }>(url, '/api/article/list', { token: shenhe, body: { todo: 1, pageNum: 1, pageSize: 200 } });
    expect(queue.body.errorCode).toBe('0');
    expect(queue.body.data.list.some((a) => a.articleId === id)).toBe(true);
    expect(queue.body.data.list.every((a) => a.status === 4 || a.status === 6)).toBe(true);

    // The reviewer reaches it through the column grant, for reviewing only: no editing, deleting or withdrawing.
    expect((await call(url, '/api/article/update', { token: shenhe, body: { articleId: id, title: '审核员改标题' } })).body.errorCode).toBe('1003');
    expect((await call(url, '/api/article/delArticleTask', { token: shenhe, body: { ids: [id] } })).body.errorCode).toBe('1003');
    expect((await call(url, '/api/article/accept', { token: shenhe, body: { ids: [id] } })).body.errorCode).toBe('0');
    expect((await call(url, '/api/article/approve', { token: shenhe, body: { ids: [id] } })).status).toBe(403);
    expect((await call(url, '/api/article/webList', { body: { columnId: xinxiColumn, pageSize: 200 } })).body.data).toSatisfy(
      (d: { list: Detail[] }) => !d.list.some((a) => a.articleId === id),
    );
    expect((await call(url, '/api/article/approve', { token: admin, body: { ids: [id] } })).body.errorCode).toBe('0');

    const pub = await call<{ list: Detail[] }>(url, '/api/article/webList', { body: { columnId: xinxiColumn, pageSize: 200 } });
    expect(pub.body.data.list.some((a) => a.articleId === id)).toBe(true);

    const history = (await get(admin, id)).flowList.map((f) => [f.actionName, f.fromStatus, f.toStatus, f.userName]);
    expect(history).toEqual([
      ['新建', null, 3, '李晓'],
      ['提交审核', 3, 4, '李晓'],
      ['初审通过', 4, 6, '周敏'],
      ['终审发布', 6, 5, '系统管理员'],
    ]);
  });

  it('an editor cannot publish directly or edit a published article', async () => {
    const r = await call(url, '/api/article/save/role', { token: xinxi, body: { title: '直接发布', columnId: xinxiColumn, status: 5 } });
    expect(r.body.errorCode).toBe('1005');
    expect((await call(url, '/api/article/save/admin', { token: xinxi, body: { title: '管理员发布', columnId: xinxiColumn } })).status).toBe(403);
    const pub = (await call<{ list: Detail[] }>(url, '/api/article/list', { token: xinxi, body: { status: 5, pageSize: 50 } })).body.data.list;
    const own = pub.find((a) => a.creatorName === '李晓');
    expect(own).toBeDefined();
    const e = await call(url, '/api/article/update', { token: xinxi, body: { articleId: own?.articleId, title: '改已发布' } });
    expect(e.body.errorCode).toBe('1005');
  });

  it('an editor sees only their own articles (SELF scope)', async () => {
    const list = (await call<{ list: Detail[]; totalRow: number }>(url, '/api/article/list', { token: xinxi, body: { pageSize: 200 } })).body.data;
    expect(list.totalRow).toBeGreaterThan(0);
    expect(list.list.every((a) => a.creatorName === '李晓')).toBe(true);
    const others = (await call<{ list: Detail[] }>(url, '/api/article/list', { token: admin, body: { pageSize: 200 } })).body.data.list.find((a) => a.creatorName !== '李晓');
    expect((await call(url, '/api/article/redisByArticleId', { token: xinxi, method: 'GET', query: { articleId: Number(others?.articleId) } })).body.errorCode).toBe('1003');
  });
});

describe('saving', () => {
  it('sanitises the body: no <script>, no on…= attribute, no javascript: link ever comes back', async () => {
    const dirty =
      '<p onclick="alert(1)">正文<script>alert(2)</script></p><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">链接</a>' +
      '<a href="JaVaScRiPt:alert(5)">二</a><iframe src="https://evil.example"></iframe><p style="font-family: SimSun; color: #ff0000; position: fixed">宋体</p>' +
      '<video src="/uploads/2026/01/abc.mp4" controls onplay="x()"></video><h2>小标题</h2>';
    const id = await create(admin, { title: '净化测试', content: dirty });
    const check = (html: string) => {
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/\son\w+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
      expect(html).not.toMatch(/<iframe/i);
      expect(html).not.toContain('position');
    };
    const saved = await get(admin, id);
    check(saved.content);
    expect(saved.content).toContain('font-family:SimSun');
    expect(saved.content).toContain('<h2>小标题</h2>');
    expect(saved.content).toContain('<video');
    const upd = await call<Detail>(url, '/api/article/update', { token: admin, body: { articleId: id, content: '<p>新</p><img src="/a.png" onload="x()"><a href="javascript:void(0)">x</a>' } });
    expect(upd.body.errorCode).toBe('0');
    check(upd.body.data.content);
    expect((await call(url, '/api/article/approve', { token: admin, body: { ids: [id] } })).body.errorCode).toBe('1005');
  });

  it('checks flags, jump URL and the column', async () => {
    expect((await call(url, '/api/article/save/admin', { token: admin, body: { title: 't', columnId, flags: [5] } })).body.errorMsg).toBe('文章属性包含“跳转”时必须填写跳转链接');
    expect((await call(url, '/api/article/save/admin', { token: admin, body: { title: 't', columnId, flags: [9] } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/article/save/admin', { token: admin, body: { title: 't', columnId, flags: [5], jumpUrl: 'javascript:alert(1)' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/article/save/admin', { token: admin, body: { title: 't', columnId: 99999 } })).body.errorMsg).toBe('栏目不存在');
    expect((await call(url, '/api/article/save/admin', { token: admin, body: { columnId } })).body.errorCode).toBe('1001');
    const cols = (await call<Rec[]>(url, '/column/list', { token: admin, method: 'GET' })).body.data;
    const link = cols.find((c) => c.columnType === 3);
    expect((await call(url, '/api/article/save/admin', { token: admin, body: { title: 't', columnId: link?.categoryId } })).body.errorMsg).toContain('外链栏目');
    const id = await create(admin, { title: '跳转', flags: [2, 5, 2], jumpUrl: 'https://www.example.gov.cn/a' });
    expect((await get(admin, id)).flags).toEqual([2, 5]);
    const flagged = await call<{ list: Detail[] }>(url, '/api/article/list', { token: admin, body: { title: '跳转', pageSize: 50 } });
    expect(flagged.body.data.list.map((a) => a.articleId)).toContain(id);
  });
  it('filters the list by column with sub-columns, status, title, dates and department', async () => {
    const cols = (await call<Rec[]>(url, '/column/list', { token: admin, method: 'GET' })).body.data;
    const news = Number(cols.find((c) => c.categoryTitle === '新闻中心')?.categoryId);
    const all = (await call<{ list: Detail[]; totalRow: number }>(url, '/api/article/list', { token: admin, body: { columnId: news, pageSize: 200 } })).body.data;
    const subIds = cols.filter((c) => Number(c.categoryCategoryId) === news).map((c) => Number(c.categoryId));
    expect(all.totalRow).toBeGreaterThan(0);
    expect(all.list.every((a) => subIds.includes(Number(a.columnId)))).toBe(true);
    const pub = (await call<{ list: Detail[] }>(url, '/api/article/list', { token: admin, body: { status: 5, pageSize: 200 } })).body.data.list;
    expect(pub.length).toBeGreaterThan(0);
    expect(pub.every((a) => a.status === 5)).toBe(true);
    const dated = (await call<{ list: Detail[] }>(url, '/api/article/list', { token: admin, body: { startTime: '2026-03-01', endTime: '2026-03-11', pageSize: 200 } })).body.data.list;
    expect(dated.length).toBeGreaterThan(0);
    for (const a of dated) {
      const t = String(a.publishTime ?? a.createTime);
      expect(t >= '2026-03-01 00:00:00' && t <= '2026-03-11 23:59:59').toBe(true);
    }
    const paged = (await call<{ list: Detail[]; currPage: number; totalPage: number }>(url, '/api/article/list', { token: admin, body: { pageNum: 2, pageSize: 10 } })).body.data;
    expect(paged.currPage).toBe(2);
    expect(paged.list.length).toBeLessThanOrEqual(10);
    expect((await call(url, '/api/article/list', { token: admin, body: { status: 9 } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/article/list', { token: admin, body: { startTime: 'gestern' } })).body.errorCode).toBe('1002');
  });
});
