import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer';

// The demo records of forums, themes, Q&A and the member center (server/modules/interaction/forums/
// seed.ts and its people/questAnswer parts), read back through the calls the screens and the site use.
let server: TestServer;
let admin: string;

type Rec = Record<string, unknown> & { id: number };
type Page<T = Rec> = { list: T[]; totalRow: number };

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  setPublicLimits(server.app, 'qaAssess', { perWindow: 1000, perDay: 1000 });
});
afterAll(async () => {
  await server?.close();
});

const monthsBack = (n: number) => {
  const d = new Date();
  const m = new Date(d.getFullYear(), d.getMonth() - n, 1);
  return `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}`;
};

describe('forum demo data', () => {
  it('two forums with four enabled plates on the public site; plates have moderating roles', async () => {
    const web = await call<Page<Rec & { plates: Rec[] }>>(server.url, '/forum/weblist', { body: {} });
    expect(web.body.errorCode).toBe('0');
    expect(web.body.data.list.map((f) => f.name)).toEqual(['云溪民生论坛', '云溪发展建言']);
    expect(web.body.data.list.flatMap((f) => f.plates.map((p) => p.name))).toEqual(['教育问答', '医疗卫生', '乡村振兴', '城镇建设']);
    const plates = await call<Page>(server.url, '/plate/list', { token: admin, body: { pageSize: 50 } });
    const edu = plates.body.data.list.find((p) => p.name === '教育问答')!;
    expect(edu).toMatchObject({ handleDeptName: '县教育局', themeCount: 1 });
    const detail = await call<Rec & { roles: Rec[] }>(server.url, '/plate/get', { token: admin, query: { id: edu.id } });
    expect(detail.body.data.roles.length).toBe(2);
  });

  it('ten themes in the states staff meet; a transferred one has a published department reply', async () => {
    const list = await call<Page>(server.url, '/theme/list', { token: admin, body: { pageSize: 50 } });
    expect(list.body.data.totalRow).toBe(10);
    const rows = list.body.data.list;
    const count = (f: (r: Rec) => boolean) => rows.filter(f).length;
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['bbs', 'll', 'xax']));
    expect(count((r) => r.status === 0)).toBe(2);
    expect(count((r) => r.status === 2)).toBe(1);
    expect(count((r) => r.status === 3)).toBe(1);
    expect(count((r) => r.handleState === 1)).toBe(4);
    expect(count((r) => r.isRecommend === 1)).toBe(1);
    const transferred = rows.find((r) => r.channel === 'xax' && r.deptName === '县教育局')!;
    const got = await call<Rec & { replies: Rec[]; queryCode: string; phone: string }>(server.url, '/xax/theme/get', { token: admin, body: { id: transferred.id } });
    expect(got.body.data.replies).toHaveLength(1);
    expect(got.body.data.replies[0]).toMatchObject({ status: 1, replyDeptName: '县教育局' });
    // the author finds it by code and phone, with the reply's department and time
    const mine = await call<Rec & { replies: Rec[] }>(server.url, '/xaxweb/theme/getThemeByCodeAndTel', { body: { queryCode: got.body.data.queryCode, phone: got.body.data.phone } });
    expect(mine.body.errorCode).toBe('0');
    expect(String(mine.body.data.replies[0]!.replyTime) > String(mine.body.data.createTime)).toBe(true);
    // the public recommended and policy-answer lists show published themes only
    const rec = await call<Page>(server.url, '/theme/themeRecommendList', { body: {} });
    expect(rec.body.data.list.map((t) => t.title)).toEqual(['县城小学课后服务能否延长到下午六点']);
    const zcwd = await call<Page>(server.url, '/theme/zcwdThemeList', { body: {} });
    expect(zcwd.body.data.totalRow).toBe(4);
    // a reply waiting for the audit is not counted
    const waiting = rows.find((r) => r.deptName === '青石镇')!;
    expect(waiting).toMatchObject({ replyState: 0, replyCount: 0 });
  });

  it('the 县教育局 officer sees only his department\'s themes and may reply, not audit', async () => {
    const jiaoyu = await login(server.url, 'jiaoyu', DEMO_PASSWORD);
    const list = await call<Page>(server.url, '/theme/list', { token: jiaoyu, body: { pageSize: 50 } });
    expect(list.body.errorCode).toBe('0');
    expect(list.body.data.totalRow).toBe(2);
    expect(list.body.data.list.every((t) => t.deptName === '县教育局')).toBe(true);
    expect((await call(server.url, '/ll/theme/themeAudit', { token: jiaoyu, body: { ids: [list.body.data.list[0]!.id], status: 1 } })).status).toBe(403);
  });

  it('stored monthly counts of the last three months agree with the themes', async () => {
    for (const back of [1, 2, 3]) {
      const month = monthsBack(back);
      const stored = await call<Rec[]>(server.url, '/admin/themeCount/listByMonth', { token: admin, body: { month } });
      const live = await call<Rec[]>(server.url, '/themeCount/listByMonth', { token: admin, body: { month } });
      expect(stored.body.data.length).toBeGreaterThan(0);
      const shape = (rows: Rec[]) => rows.map((r) => `${String(r.channel)}/${String(r.deptName)}/${String(r.total)}/${String(r.replied)}`).sort();
      expect(shape(stored.body.data)).toEqual(shape(live.body.data));
    }
  });

  it('Q&A: ten entries with keywords, four common ones after the welcome message; lookups find them', async () => {
    const list = await call<Page>(server.url, '/questAnswer/list', { token: admin, body: { pageSize: 50 } });
    expect(list.body.data.totalRow).toBe(10);
    expect(list.body.data.list.every((e) => typeof e.keywords === 'string' && (e.keywords as string).length > 0)).toBe(true);
    const welcome = await call<{ message: string; commonList: Rec[] }>(server.url, '/questAnswer/getWelcomeMessage');
    expect(welcome.body.data.commonList).toHaveLength(4);
    const like = await call<{ quest: string }[]>(server.url, '/questAnswer/getqusetLikeDetail', { method: 'GET', query: { size: 3, quest: '异地就医怎么备案' } });
    expect(like.body.data[0]!.quest).toBe('医保异地就医备案怎么办理？');
  });

  it('four citizens: new, under review, passed, refused and frozen', async () => {
    const list = await call<Page>(server.url, '/api/person/pageList', { token: admin, body: { pageSize: 50 } });
    expect(list.body.data.totalRow).toBe(4);
    expect(list.body.data.list.map((p) => p.userStatus).sort()).toEqual([0, 1, 2, 3]);
    const frozen = list.body.data.list.find((p) => p.state === 1)!;
    expect(frozen).toMatchObject({ authStatus: 'FAIL' });
    expect(String(frozen.idNumber)).toContain('****');
    // the one under review can be audited
    const review = list.body.data.list.find((p) => p.userStatus === 1)!;
    const audit = await call(server.url, '/admin/people/peopleAudit', { token: admin, body: { puPeopleId: review.puPeopleId, authStatus: 'SUCCESS', remark: '核验通过' } });
    expect(audit.body.errorCode).toBe('0');
  });
});
