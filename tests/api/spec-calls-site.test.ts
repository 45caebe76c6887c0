import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSender, logOnlySender } from '../../server/modules/interworking/sender.js';
import { consumeSmsCode } from '../../server/modules/site/smsCode.js';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, DEMO_PASSWORD, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer.js';

/** Issue 9's site-wide calls: inter-working, visit counter, SMS code, news lists, areas, apps, echo, aliases. */
type Rec = Record<string, unknown> & { id: number };
interface Page { list: Rec[]; totalRow: number }

let server: TestServer;
let url: string;
let admin: string;
let xinxi: string;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
  setPublicLimits(server.app, 'sms-code', { perWindow: 1000, perDay: 1000 });
});
afterAll(async () => server?.close());

async function captcha() {
  const codeId = `site-${Date.now()}-${++seq}`;
  await fetch(`${url}/user/captcha?codeId=${codeId}`);
  return { codeId, verifyCode: TEST_CAPTCHA_TEXT };
}
const hit = (query: Record<string, string | number>) => call<{ pageKey: string; hits: number; siteHits: number; counted: boolean }>(url, '/visitHistory/hit', { method: 'GET', query });

describe('集约化报送 /api/interWorking/article/*', () => {
  it('queues an item, records it as 仅记录 without an endpoint, and lists it with its payload', async () => {
    const r = await call<Rec>(url, '/api/interWorking/article/save/leader', { token: admin, body: { title: '副县长 李明 工作分工', duty: '分管工业、交通' } });
    expect(r.body).toMatchObject({ errorCode: '0', errorMsg: '已记录（未配置集约化平台）' });
    expect(r.body.data).toMatchObject({ kind: 'leader', status: 3, attempts: 1 });
    const list = await call<Page>(url, '/api/interWorking/article/list', { token: admin, body: { kind: 'leader' } });
    expect(list.body.data.list.map((x) => x.title)).toContain('副县长 李明 工作分工');
    const one = await call<Rec>(url, '/api/interWorking/article/getInterWorking', { token: admin, query: { id: r.body.data.id } });
    expect((JSON.parse(String(one.body.data.payload)) as Rec).duty).toBe('分管工业、交通');
    // Re-sending an item of another kind is refused; of its own kind it counts one more attempt.
    expect((await call(url, '/api/interWorking/article/save/mail', { token: admin, body: { id: r.body.data.id } })).body.errorCode).toBe('1003');
    expect((await call<Rec>(url, '/api/interWorking/article/save/leader', { token: admin, body: { id: r.body.data.id } })).body.data.attempts).toBe(2);
  });

  it('takes the title of a local article, and refuses bad input and staff without the key', async () => {
    const article = (await server.app.db.selectFrom('article').select(['articleId', 'title']).executeTakeFirstOrThrow()) as { articleId: number; title: string };
    const r = await call<Rec>(url, '/api/interWorking/article/save/policyDoc', { token: admin, body: { articleId: article.articleId } });
    expect(r.body.data.title).toBe(article.title);
    expect((await call(url, '/api/interWorking/article/save/common', { token: admin, body: {} })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：title' });
    expect((await call(url, '/api/interWorking/article/save/org', { token: admin, body: { articleId: 999999 } })).body.errorCode).toBe('1003');
    expect((await call(url, '/api/interWorking/article/save/bulletin', { token: admin, body: { title: '长'.repeat(301) } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/interWorking/article/save/apply', { token: xinxi, body: { title: 'x' } })).status).toBe(403);
    expect((await call(url, '/api/interWorking/article/list', { token: xinxi, body: {} })).status).toBe(403);
  });

  it('the HTTP sender posts JSON with the token and reports the platform answer', async () => {
    const seen: { auth?: string; body: string }[] = [];
    let answer = 200;
    const platform = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body });
        res.writeHead(answer).end(answer === 200 ? '{"code":0}' : 'no');
      });
    });
    await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/receive`;
    const log = { info: () => undefined, warn: () => undefined };
    const item = { id: 7, kind: 'mail', title: '来信', sourceId: null, payload: { a: 1 } };
    try {
      expect(await httpSender(log, endpoint, 's3cret').send(item)).toEqual({ status: 1, result: '{"code":0}' });
      expect(seen[0]!.auth).toBe('Bearer s3cret');
      expect(JSON.parse(seen[0]!.body)).toMatchObject({ id: 7, kind: 'mail', data: { a: 1 } });
      answer = 500;
      expect(await httpSender(log, endpoint, undefined).send(item)).toEqual({ status: 2, result: '平台返回 HTTP 500' });
    } finally {
      platform.close();
    }
    expect((await httpSender(log, 'http://127.0.0.1:1/none', undefined).send(item)).status).toBe(2);
    expect((await logOnlySender(log).send(item)).status).toBe(3);
  });
});

describe('访问计数 /visitHistory/hit', () => {
  it('counts a visitor once per page, and every page for the site', async () => {
    const a = await hit({ cookie: 'visitor-aaaa-1', page: '/news/index.html' });
    expect(a.body.data).toMatchObject({ pageKey: 'page:/news/index.html', hits: 1, counted: true });
    const again = await hit({ cookie: 'visitor-aaaa-1', page: '/news/index.html' });
    expect(again.body.data).toMatchObject({ hits: 1, counted: false });
    const b = await hit({ cookie: 'visitor-bbbb-2', page: '/news/index.html' });
    expect(b.body.data.hits).toBe(2);
    expect(b.body.data.siteHits).toBe(a.body.data.siteHits + 1);
    expect((await hit({ cookie: 'visitor-bbbb-2', articleId: 5 })).body.data.pageKey).toBe('article:5');
  });

  it('is atomic under concurrent hits', async () => {
    const page = '/concurrent.html';
    await Promise.all(Array.from({ length: 30 }, (_, i) => hit({ cookie: `concurrent-${i}-xx`, page })));
    const row = (await server.app.db.selectFrom('visit_counter').select('hits').where('pageKey', '=', `page:${page}`).executeTakeFirstOrThrow()) as { hits: number };
    expect(Number(row.hits)).toBe(30);
  });

  it('needs a well-formed cookie and page', async () => {
    expect((await hit({})).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：cookie' });
    expect((await hit({ cookie: 'a b' })).body.errorCode).toBe('1002');
    expect((await hit({ cookie: 'visitor-cccc-3', page: '<script>' })).body).toMatchObject({ errorCode: '1002', errorMsg: '页面地址格式不正确' });
  });
});

describe('短信验证码 /verify/sms/imgcode/phonecode', () => {
  const send = async (extra: Record<string, string> = {}) =>
    call(url, '/verify/sms/imgcode/phonecode', { query: { verifyType: 'login', mobile: '13600001111', ...(await captcha()), ...extra } });

  it('checks the image code, sends a code once a minute, and the code works once', async () => {
    const r = await send();
    expect(r.body).toMatchObject({ errorCode: '0', errorMsg: '验证码已发送' });
    expect(JSON.stringify(r.body.data)).not.toMatch(/\d{6}/);
    const logged = (await server.app.db.selectFrom('sms_log').select('content').where('phone', '=', '13600001111').executeTakeFirstOrThrow()) as { content: string };
    const code = /(\d{6})/.exec(logged.content)![1]!;
    expect((await send()).body).toMatchObject({ errorCode: '1005', errorMsg: '验证码发送过于频繁，请60秒后再试' });
    expect(await consumeSmsCode(server.app.db, '13600001111', 'login', code)).toBe(true);
    expect(await consumeSmsCode(server.app.db, '13600001111', 'login', code)).toBe(false);
  });

  it('refuses a wrong image code, a bad number or type', async () => {
    expect((await send({ mobile: '13600002222', verifyCode: 'nope' })).body.errorCode).toBe('2002');
    expect((await send({ mobile: '12345' })).body).toMatchObject({ errorCode: '1002', errorMsg: '请输入正确的手机号' });
    expect((await send({ mobile: '13600003333', verifyType: 'x' })).body).toMatchObject({ errorCode: '1002', errorMsg: '验证类型不正确' });
    expect((await call(url, '/verify/sms/imgcode/phonecode', { query: { verifyType: 'login', mobile: '13600004444' } })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：verifyCode' });
  });
});

describe('外部新闻, 行政区划, 应用信息', () => {
  it('/web/new/* answer the enabled links of their feed', async () => {
    const capital = await call<Rec[]>(url, '/web/new/capital', { query: { size: 1 } });
    expect(capital.body.data).toHaveLength(1);
    const trade = await call<Rec[]>(url, '/web/new/xaxGgzyjypt');
    expect(trade.body.data.length).toBe(2);
    expect(trade.body.data.every((x) => String(x.title).startsWith('云溪县'))).toBe(true);
    expect((await call(url, '/web/new/city', { query: { size: 'x' } })).body.errorCode).toBe('1002');
  });

  it('/sysArea/list answers the towns, then a town\'s villages', async () => {
    const towns = await call<Rec[]>(url, '/sysArea/list', { body: {} });
    expect(towns.body.data.map((t) => t.name)).toEqual(['城关街道', '溪东街道', '青石镇', '白沙镇', '云山镇', '梅溪乡', '龙潭乡']);
    const qs = towns.body.data.find((t) => t.name === '青石镇')!;
    const villages = await call<Rec[]>(url, '/sysArea/list', { body: { id: qs.id } });
    expect(villages.body.data.map((v) => v.name)).toContain('茶园村');
    expect((await call(url, '/sysArea/list', { body: { id: 'x' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/sysArea/list', { body: { id: 999999 } })).body.errorCode).toBe('1003');
  });

  it('/api/app/view follows the appKey rule; /api/app/edit needs the key', async () => {
    expect((await call<Rec>(url, '/api/app/view', { method: 'GET', query: { appId: 'reportSite' } })).body.data.name).toBe('云溪县政务信息报送系统');
    const other = await call<Rec>(url, '/api/app/view', { method: 'GET', query: { appId: 'admin' } });
    expect(other.body.data.appId).toBe('adminSite');
    const id = ((await server.app.db.selectFrom('app_info').select('id').where('appId', '=', 'adminSite').executeTakeFirstOrThrow()) as { id: number }).id;
    expect((await call(url, '/api/app/edit', { token: admin, body: { id, name: '云溪县门户管理' } })).body.errorCode).toBe('0');
    expect((await call<Rec>(url, '/api/app/view', { method: 'GET' })).body.data.name).toBe('云溪县门户管理');
    expect((await call(url, '/api/app/edit', { token: admin, body: { id, name: '' } })).body.errorCode).toBe('1001');
    expect((await call(url, '/api/app/edit', { token: xinxi, body: { id, name: 'x' } })).status).toBe(403);
  });
});

describe('诊断 /test/* and /other/*, and the spec\'s root aliases', () => {
  it('echoes for the admin role only and writes nothing', async () => {
    const r = await call<Rec>(url, '/other/insert', { token: admin, body: { a: 1 } });
    expect(r.body.data).toMatchObject({ path: '/other/insert', body: { a: 1 }, username: 'admin' });
    expect((await call(url, '/other/get', { token: admin })).body.errorCode).toBe('1001');
    expect((await call(url, '/test/get', { token: xinxi })).status).toBe(403);
    expect((await call(url, '/test/b/get')).status).toBe(401);
  });

  it('/web/list, /web/my/detail, /web/my/list answer as the advice calls; /web/article/list as webList', async () => {
    const root = await call(url, '/web/list', { query: { size: 5 } });
    const prefixed = await call(url, '/advice/web/list', { query: { size: 5 } });
    expect(root.body).toEqual(prefixed.body);
    expect((await call(url, '/web/my/list', { body: {} })).body.errorCode).toBe('1001');
    expect((await call(url, '/web/my/detail', { query: { id: 999999 } })).body.errorCode).toBe('1003');
    const articles = await call<Page>(url, '/web/article/list', { body: { pageNum: 1, pageSize: 3 } });
    expect(articles.body.data).toEqual((await call<Page>(url, '/api/article/webList', { body: { pageNum: 1, pageSize: 3 } })).body.data);
    expect(articles.body.data.list.length).toBeGreaterThan(0);
  });
});
