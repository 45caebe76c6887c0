import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer.js';
import { specCatalogue, type SpecCall } from './helpers/specCatalogue.js';

/**
 * Issue 9's "done when": every call of the spec's catalogue is served. Each call is made as the admin
 * client makes it (headers, token) with a minimal payload; the answer must be the envelope (or, for an
 * export, a file), never 404 and never 5xx. A business refusal (errorCode ≠ "0") is a fine answer to an
 * empty payload; what is checked is that the route exists and handles it.
 */

/** Placeholder values for path parameters: ids that do not exist, so nothing is changed. */
const PATH_VALUES: Record<string, string> = {
  id: '999999', cmId: '999999', contentModelId: '999999', filedId: '999999', columnId: '999999',
  pageNumber: '1', pageSize: '10', cmTableName: 'no_such_table', dateTime: '2026-01-01', position: 'index',
};

/** Calls that end the caller's session go last. */
const SESSION_ENDING = new Set(['POST /people/logout']);

/** A citizen's own records: made with a citizen's token (mobile login), as the public site does. */
const CITIZEN_CALLS = new Set([
  'POST /llweb/theme/my/get', 'POST /llweb/theme/my/list', 'POST /xaxweb/theme/my/get', 'POST /xaxweb/theme/my/list',
  'POST /web/people/getPeopleDetail', 'POST /web/people/upload/name',
]);

/**
 * The three monitoring calls belong to the monitoring issue (issue 9 says so) and are built on another
 * branch; they are reported, not failed, until that branch is merged. Remove this set then.
 */

let server: TestServer;
let admin: string;
let citizen: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  const codeId = 'catalogue-citizen-1';
  await fetch(new URL(`/user/captcha?codeId=${codeId}`, server.url));
  const r = await call<{ value: string }>(server.url, '/web/people/mobileLogin', { query: { peoplePhone: '13900001234', photoCode: TEST_CAPTCHA_TEXT, codeId } });
  citizen = r.body.data.value;
});
afterAll(async () => server?.close(), 180_000); // closing waits for work this file starts (generation, audio)

interface Answer {
  status: number;
  envelope: boolean;
  file: boolean;
  errorCode?: string;
  errorMsg?: string;
}

async function callOnce(c: SpecCall): Promise<Answer> {
  const target = new URL(c.path.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? '1'), server.url);
  const token = CITIZEN_CALLS.has(`${c.method} ${c.path}`) ? citizen : admin;
  const headers: Record<string, string> = { clientId: 'ADMIN', version: '1.0.0', appKey: 'adminSite', Authorization: token };
  const init: RequestInit = { method: c.method, headers };
  if (c.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    init.body = '{}';
  }
  const res = await fetch(target, init);
  const type = res.headers.get('content-type') ?? '';
  const buf = Buffer.from(await res.arrayBuffer());
  if (type.includes('application/json')) {
    const body = JSON.parse(buf.toString('utf8')) as Record<string, unknown>;
    const envelope = typeof body.errorCode === 'string' && typeof body.errorMsg === 'string' && 'data' in body;
    return { status: res.status, envelope, file: false, errorCode: body.errorCode as string, errorMsg: body.errorMsg as string };
  }
  // Exports, captcha images and generated pages answer a file or a page, not JSON.
  return { status: res.status, envelope: false, file: res.status === 200 && buf.length > 0 };
}

describe('the spec catalogue', () => {
  const calls = specCatalogue();

  it('reads the catalogue from both spec files', () => {
    expect(calls.length).toBeGreaterThan(400);
    expect(calls).toContainEqual({ method: 'GET', path: '/visitHistory/hit' });
    expect(calls).toContainEqual({ method: 'POST', path: '/industrialProjects/web/add' });
    expect(calls).toContainEqual({ method: 'POST', path: '/data/dict/list/subEsType' });
  });

  it('serves every call: the envelope or a file, no 404, no 5xx', async () => {
    const ordered = [...calls.filter((c) => !SESSION_ENDING.has(`${c.method} ${c.path}`)),
      ...calls.filter((c) => SESSION_ENDING.has(`${c.method} ${c.path}`))];
    const failures: string[] = [];
    const notConfigured: string[] = [];
    for (const c of ordered) {
      const a = await callOnce(c);
      if (a.errorMsg?.includes('未配置') || a.errorMsg?.includes('未开通')) notConfigured.push(`${c.method} ${c.path} → ${a.errorMsg}`);
      const ok = a.status !== 404 && a.status < 500 && a.status !== 401 && a.status !== 403 && (a.envelope || a.file);
      if (ok) continue;
      const line = `${c.method} ${c.path} → ${a.status} ${a.errorCode ?? (a.file ? 'file' : 'not envelope')}`;
      failures.push(line);
    }
    console.info(`spec catalogue: ${calls.length - failures.length} / ${calls.length} calls served`);
    expect(failures).toEqual([]);
    // Issue 20: no call answers "not configured" by default; those needing the county's own external
    // account (SMS gateway, cloud TTS) work without it (logged, or the offline engine): docs/spec-calls.md.
    expect(notConfigured).toEqual([]);
  }, 120_000);
});
