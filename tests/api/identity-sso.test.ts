import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeFrom, startOidcProvider, type TestProvider } from '../fixtures/identity/startProvider';
import { call, startTestServer, type TestServer } from './helpers/testServer';

type Rec = Record<string, unknown>;
const ENV_KEYS = ['OIDC_DISCOVERY_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URL', 'CAS_URL', 'CAS_SERVICE_URL'] as const;

let server: TestServer;
let url: string;
let provider: TestProvider;
let cas: http.Server;

/** A small CAS 3.0 server (no CAS server package exists on npm): /p3/serviceValidate answering its XML. */
function fakeCas(serviceUrl: string): http.Server {
  return http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/xml; charset=utf-8');
    if (u.pathname !== '/cas/p3/serviceValidate') return void res.writeHead(404).end();
    const ok = u.searchParams.get('ticket') === 'ST-1-good' && u.searchParams.get('service') === serviceUrl;
    res.end(ok
      ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>cas-user-7</cas:user><cas:attributes><cas:name>李四</cas:name><cas:mobile>13700001111</cas:mobile><cas:idNumber>33010219850505123X</cas:idNumber></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`
      : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>`);
  });
}

async function counts() {
  const db = server.app.db;
  const n = async (t: 'person' | 'people_sso_link' | 'people_sessions') => Number(((await db.selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
  return { person: await n('person'), links: await n('people_sso_link'), sessions: await n('people_sessions') };
}

async function started(): Promise<{ url: string; state: string }> {
  const r = await call<{ url: string; state: string }>(url, '/web/people/ssoStart', { body: {} });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
}

const back = (u: URL) => Object.fromEntries([...u.searchParams].filter(([k]) => ['code', 'state', 'iss'].includes(k)));
const check = (query: Record<string, string>) => call<Rec>(url, '/web/people/checkLoginNoCode', { query });

beforeAll(async () => {
  for (const k of ENV_KEYS) delete process.env[k];
  server = await startTestServer();
  url = server.url;
  provider = await startOidcProvider({ CLIENT_ID: 'yunxi-portal', CLIENT_SECRET: 'portal-secret-0123456789', REDIRECT_URI: `${url}/site/sso.html` });
  cas = fakeCas(`${url}/site/sso.html`);
  await new Promise<void>((r) => cas.listen(0, '127.0.0.1', r));
}, 120_000);
afterAll(async () => {
  for (const k of ENV_KEYS) delete process.env[k];
  await provider?.close();
  cas?.close();
  await server?.close();
});

describe('统一身份认证 (checkLoginNoCode)', () => {
  it('not configured: the pages hide the button and the call says so, after checking its parameters', async () => {
    expect((await call<Rec>(url, '/web/people/ssoConfig', { method: 'GET' })).body.data).toMatchObject({ enabled: false });
    expect((await check({})).body.errorCode).toBe('1001');
    expect((await check({ code: 'a' })).body).toMatchObject({ errorCode: '2004', errorMsg: '统一身份认证未配置，请使用手机号登录' });
    expect((await call(url, '/web/people/ssoStart', { body: {} })).body.errorCode).toBe('2004');
  });

  it('OpenID Connect: a real provider signs a citizen in; the member is created once and linked after', async () => {
    Object.assign(process.env, { OIDC_DISCOVERY_URL: provider.issuer, OIDC_CLIENT_ID: 'yunxi-portal', OIDC_CLIENT_SECRET: 'portal-secret-0123456789', OIDC_REDIRECT_URL: `${url}/site/sso.html` });
    expect((await call<Rec>(url, '/web/people/ssoConfig', { method: 'GET' })).body.data).toMatchObject({ enabled: true, kind: 'oidc', label: '统一身份认证登录' });
    const before = await counts();
    const s = await started();
    const r = await check(back(await codeFrom(s.url, 'zhangsan')));
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data).toMatchObject({ name: '统一认证用户', phone: '139****0000', idNumber: '3301**********1234', userStatus: 2 });
    const me = await call<Rec>(url, '/web/people/getPeopleDetail', { token: String(r.body.data.value) });
    expect(me.body.data).toMatchObject({ name: '统一认证用户', idNumber: '3301**********1234' });
    const again = await check(back(await codeFrom((await started()).url, 'zhangsan')));
    expect(again.body.data.puPeopleId).toBe(r.body.data.puPeopleId);
    const after = await counts();
    expect(after.person - before.person).toBe(1);
    expect(after.links - before.links).toBe(1);
  }, 60_000);

  it('refuses a wrong state, a replayed code, an expired token and an unknown client, storing nothing', async () => {
    const before = await counts();
    // wrong state
    const s1 = await started();
    const r1 = back(await codeFrom(s1.url));
    expect((await check({ ...r1, state: 'x'.repeat(43) })).body).toMatchObject({ errorCode: '2006', errorMsg: '登录请求无效或已过期，请重新点击“统一身份认证登录”' });
    expect((await check({ ...r1, state: '' })).body.errorCode).toBe('2006');
    // replayed code: the used state is gone; with a fresh state the provider refuses the used code
    expect((await check(r1)).body.errorCode).toBe('0');
    const used = await counts();
    expect((await check(r1)).body).toMatchObject({ errorCode: '2006', errorMsg: '登录请求无效或已过期，请重新点击“统一身份认证登录”' });
    const s2 = await started();
    expect((await check({ ...r1, state: s2.state })).body).toMatchObject({ errorCode: '2006', errorMsg: '授权码无效、已使用或已过期，请重新登录' });
    // expired ID token: the portal's clock five minutes on (the provider issues 60-second ID tokens)
    const s3 = await started();
    const r3 = back(await codeFrom(s3.url));
    const realNow = Date.now.bind(Date);
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 5 * 60_000);
    try {
      expect((await check(r3)).body).toMatchObject({ errorCode: '2006', errorMsg: '身份令牌已过期，请重新登录' });
    } finally {
      spy.mockRestore();
    }
    // unknown client: the portal configured with a client the provider does not know
    const s4 = await started();
    const r4 = back(await codeFrom(s4.url));
    process.env.OIDC_CLIENT_ID = 'no-such-client';
    try {
      expect((await check(r4)).body).toMatchObject({ errorCode: '2006', errorMsg: '统一身份认证平台不认可本站的客户端（client_id 或密钥有误），请联系网站管理员' });
    } finally {
      process.env.OIDC_CLIENT_ID = 'yunxi-portal';
    }
    const after = await counts();
    expect(after.person).toBe(used.person);
    expect(after.links).toBe(used.links);
    expect(after.sessions).toBe(used.sessions);
    expect(used.sessions - before.sessions).toBe(1);
  }, 90_000);

  it('CAS 3.0: a service ticket validated at /p3/serviceValidate; a bad ticket is refused', async () => {
    const casUrl = `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`;
    Object.assign(process.env, { CAS_URL: casUrl, CAS_SERVICE_URL: `${url}/site/sso.html` });
    const before = await counts();
    expect((await check({ ticket: 'ST-2-bad' })).body).toMatchObject({ errorCode: '2006', errorMsg: '票据无效、已使用或已过期，请重新登录' });
    expect(await counts()).toEqual(before);
    const r = await check({ ticket: 'ST-1-good' });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data).toMatchObject({ name: '李四', phone: '137****1111', idNumber: '3301**********123X' });
    delete process.env.OIDC_DISCOVERY_URL;
    const cfg = await call<Rec>(url, '/web/people/ssoConfig', { method: 'GET' });
    expect(cfg.body.data).toMatchObject({ enabled: true, kind: 'cas' });
    expect((await started()).url).toBe(`${casUrl}/login?service=${encodeURIComponent(`${url}/site/sso.html`)}`);
  });
});
