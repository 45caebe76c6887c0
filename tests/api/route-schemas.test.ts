import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCall, ResourceDecl } from '../../resources/types';
import { ajvOptions } from '../../server/crud/schema/ajv';
import { crudRouteSchemas } from '../../server/crud/schema/routeSchemas';
import { safeSerializerCompiler } from '../../server/crud/schema/serializer';
import { ROUTES_AWAITING_SCHEMA } from './helpers/routesAwaitingSchema';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

/**
 * Issue 8: the generic routes carry Fastify schemas generated from the declarations; the OpenAPI document
 * publishes those very schemas; a schema refusal is the contract's envelope (HTTP 200, 1001/1002, Chinese),
 * never Fastify's English 400; nothing accepted before is refused now; answers keep every field.
 */
let server: TestServer;
let admin: string;
type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> }; parameters?: unknown[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };
let doc: Doc;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  doc = (await (await fetch(new URL('/api/openapi.json', server.url))).json()) as Doc;
});
afterAll(async () => server?.close());

const decl = (name: string) => server.app.portal.declarations.find((d) => d.name === name) as ResourceDecl;
const generic = () => server.app.portal.declarations.filter((d) => d.routes !== 'module');
const callsOf = (d: ResourceDecl) => [d.api.list, d.api.get, d.api.create, d.api.update, d.api.delete].filter((c): c is ApiCall => !!c);

/** Whether the app's Ajv set-up (no coercion, custom keywords) accepts a body under a schema: a one-route Fastify. */
async function schemaAccepts(body: unknown, schema: unknown): Promise<boolean> {
  const probe = Fastify({ ajv: ajvOptions });
  probe.post('/probe', { schema: { body: schema } }, async () => ({ reached: true }));
  const res = await probe.inject({ method: 'POST', url: '/probe', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  await probe.close();
  return res.statusCode === 200;
}

describe('the OpenAPI document is built from the route schemas', () => {
  it('lists every generic route with the body (or query) schema and the answer schema the route itself uses', () => {
    expect(generic().length).toBeGreaterThanOrEqual(20);
    for (const d of generic()) {
      for (const c of callsOf(d)) {
        const method = c.method ?? 'POST';
        // A key in the path (`/ding/dept/{id}`) is registered as Fastify's `:id`.
        const route = server.app.routeList.find((r) => r.url === c.path.replace(/\{(\w+)\}/g, ':$1') && r.method === method);
        expect(route?.schema, `${method} ${c.path} has a schema`).toBeDefined();
        const op = doc.paths[c.path]?.[method.toLowerCase()];
        expect(op, `${method} ${c.path} in the document`).toBeDefined();
        if (method === 'GET') expect(op?.parameters?.length).toBeGreaterThan(0);
        else expect(op?.requestBody?.content['application/json']?.schema).toEqual(route?.schema?.body);
        expect(op?.responses[200]?.content?.['application/json']?.schema).toEqual((route?.schema?.response as Record<number, unknown>)[200]);
      }
    }
  });

  it('lists every registered route, module routes included, with the request schema the route carries', () => {
    const routes = server.app.routeList.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.includes('*'));
    const awaiting = new Set(ROUTES_AWAITING_SCHEMA);
    const missing: string[] = [];
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(op, `${key} in the document`).toBeDefined();
      const schema = r.schema as { body?: unknown; querystring?: { properties?: Record<string, unknown> }; params?: unknown } | undefined;
      if (!schema?.body && !schema?.querystring && !schema?.params) {
        missing.push(key);
        continue;
      }
      expect(awaiting.has(key), `${key} has a schema now: take it off ROUTES_AWAITING_SCHEMA`).toBe(false);
      if (schema.body) expect(op?.requestBody?.content['application/json']?.schema, `${key} body`).toEqual(schema.body);
      if (schema.querystring) expect(op?.parameters?.length, `${key} query`).toBe(Object.keys(schema.querystring.properties ?? {}).length);
    }
    // No route loses its schema or comes without one; the list only shrinks (issue 19: 100 %).
    expect(missing.filter((k) => !awaiting.has(k)), 'routes without a request schema').toEqual([]);
    console.log(`[route-schemas] ${routes.length - missing.length} of ${routes.length} registered routes carry a request schema`);
  });

  it('states the declared constraints: required fields, lengths, enum values, the page shape', () => {
    const save = doc.paths['/announcement/add']?.post?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, Record<string, unknown>>;
      else: { required: string[] };
    };
    expect(save.else.required).toEqual(['title', 'content']);
    expect(save.properties.title?.['x-maxChars']).toBe(200);
    expect(JSON.stringify(save.properties.type)).toContain('[1,2,3]');
    const page = doc.paths['/announcement/list']?.post?.responses[200]?.content?.['application/json']?.schema as { properties: { data: { properties: Record<string, unknown> } } };
    expect(Object.keys(page.properties.data.properties)).toEqual(['list', 'currPage', 'totalRow', 'totalPage']);
  });
});

describe('validation keeps the contract', () => {
  const add = (body: unknown, token = admin) => call<Record<string, unknown>>(server.url, '/announcement/add', { token, body });
  const save = () => crudRouteSchemas(decl('announcement')).save.body;

  it('refuses a declared constraint in the schema, answered as the envelope with the Chinese message', async () => {
    const cases: [unknown, string, string | RegExp][] = [
      [{ title: 'x'.repeat(201), content: '<p>a</p>' }, '1002', '标题长度不能超过200个字符'],
      [{ title: '公告', type: 9, content: '<p>a</p>' }, '1002', /^类型的值无效，可选值：1（通知）、2（公告）、3（公示）$/],
      [{ type: 1, content: '<p>a</p>' }, '1001', '缺少必填参数：title'],
      [{ title: '公告', content: '<p>a</p>', sort: 'abc' }, '1002', '排序必须是数字'],
      [{ title: '公告', content: '<p>a</p>', sort: 10_000 }, '1002', '排序不能大于9999'],
      [{ title: null, content: '<p>a</p>' }, '1001', '缺少必填参数：title'],
    ];
    for (const [body, code, msg] of cases) {
      const schemaSays = await schemaAccepts(body, save());
      const r = await add(body);
      expect(r.status).toBe(200);
      expect(r.body.errorCode).toBe(code);
      expect(r.body.errorMsg).toMatch(msg);
      expect(r.body.data).toBeNull();
      expect(JSON.stringify(r.body)).not.toMatch(/must|Bad Request|statusCode/);
      // 'abc' as a number is left to validate.ts (a number inside a string); the others are the schema's.
      expect(schemaSays, JSON.stringify(body)).toBe((body as { sort?: unknown }).sort === 'abc');
    }
    const notObject = await add([1, 2]);
    expect([notObject.status, notObject.body.errorCode, notObject.body.errorMsg]).toEqual([400, '400', '请求格式错误']);
  });

  it('accepts what was accepted before: numbers as strings, padded enum values, extra fields, markup beyond the raw length', async () => {
    const body = { title: `<b>${'长'.repeat(200)}</b>`, type: ' 2 ', sort: '12', isTop: '1', content: '<p>正文</p>', publishTime: '2026-05-01', unknownField: { a: 1 }, readCount: 'ignored' };
    expect(await schemaAccepts(body, save())).toBe(true);
    const r = await add(body);
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data).toMatchObject({ title: '长'.repeat(200), type: 2, sort: 12, isTop: 1, publishTime: '2026-05-01 00:00:00', readCount: 0 });
    // The key in the query wins and the body is not read: a body key the schema refuses changes nothing.
    const id = Number(r.body.data.id);
    const got = await call<Record<string, unknown>>(server.url, '/announcement/get', { token: admin, query: { id }, body: { id: true } });
    expect([got.body.errorCode, got.body.data?.id]).toEqual(['0', id]);
  });

  it('checks the permission key before the schema: a caller without it learns nothing about the body', async () => {
    const auditor = await login(server.url, 'shenji', DEMO_PASSWORD);
    for (const body of [{ title: '公告', content: '<p>a</p>' }, { title: 'x'.repeat(500), type: 9 }]) {
      const r = await add(body, auditor);
      expect([r.status, r.body.errorCode]).toEqual([403, '403']);
    }
  });
});

describe('answers keep every field', () => {
  it('a saved and a listed record carry each declared field, the page its four keys', async () => {
    const created = await call<Record<string, unknown>>(server.url, '/announcement/add', { token: admin, body: { title: '字段齐全', content: '<p>x</p>' } });
    const fields = decl('announcement').fields.map((f) => f.name);
    expect(Object.keys(created.body.data)).toEqual(expect.arrayContaining(fields));
    const page = await call<{ list: Record<string, unknown>[] }>(server.url, '/announcement/list', { token: admin, body: { title: '字段齐全' } });
    expect(Object.keys(page.body.data).sort()).toEqual(['currPage', 'list', 'totalPage', 'totalRow']);
    expect(Object.keys(page.body.data.list[0] ?? {})).toEqual(expect.arrayContaining(fields));
  });

  it('computed fields, joins and values of an unexpected type are answered as they are', async () => {
    const area = generic().find((d) => d.fields.some((f) => f.compute)) as ResourceDecl;
    const page = await call<{ list: Record<string, unknown>[] }>(server.url, area.api.list.path, { token: admin, body: { pageSize: 5 } });
    expect(page.body.errorCode).toBe('0');
    expect(page.body.data.list.length).toBeGreaterThan(0);
    for (const f of area.fields.filter((x) => x.compute)) expect(page.body.data.list[0]).toHaveProperty(f.name);

    const schema = (crudRouteSchemas(decl('announcement')).list.response as Record<number, unknown>)[200];
    const serialize = safeSerializerCompiler({ schema, method: 'POST', url: '/x', httpStatus: '200' });
    const odd = { errorCode: '0', errorMsg: '操作成功', data: { list: [{ id: 1, title: 7, type: 'x', sort: 1.5, extra: { deep: [1, null] }, joined: '部门' }], currPage: 1, totalRow: 1, totalPage: 1, more: true } };
    expect(JSON.parse(serialize(odd))).toEqual(odd);
    const typed = { errorCode: '0', errorMsg: '操作成功', data: { list: [{ id: 1, title: '标题', type: 2, sort: 3, content: null, computedX: '虚拟' }], currPage: 1, totalRow: 1, totalPage: 1 } };
    expect(JSON.parse(serialize(typed))).toEqual(typed);
  });

  it('measures list serialization and the list route (printed, not asserted)', async () => {
    const time = (f: () => void) => {
      const start = performance.now();
      for (let i = 0; i < 500; i++) f();
      return (performance.now() - start) / 500;
    };
    // announcement rows carry long rich text; hotWord rows are short values only.
    for (const [name, path] of [['announcement', '/announcement/list'], ['hotWord', '/hotWord/list']] as const) {
      const page = await call<{ list: Record<string, unknown>[] }>(server.url, path, { token: admin, body: { pageSize: 100 } });
      const rows = page.body.data.list;
      expect(rows.length).toBeGreaterThan(0);
      const big = { ...page.body, data: { ...page.body.data, list: Array.from({ length: 100 }, (_, i) => ({ ...rows[i % rows.length], id: i + 1 })) } };
      const schema = (crudRouteSchemas(decl(name)).list.response as Record<number, unknown>)[200];
      const serialize = safeSerializerCompiler({ schema, method: 'POST', url: path, httpStatus: '200' });
      expect(JSON.parse(serialize(big))).toEqual(big);
      time(() => serialize(big));
      const plain = time(() => JSON.stringify(big));
      const fast = time(() => serialize(big));
      const n = 100;
      const start = performance.now();
      for (let i = 0; i < n; i++) await server.app.inject({ method: 'POST', url: path, headers: { authorization: admin, appkey: 'adminSite', 'content-type': 'application/json' }, payload: '{"pageSize":20}' });
      const perSecond = n / ((performance.now() - start) / 1000);
      console.log(`[route-schemas] ${name}: 100-record page JSON.stringify ${plain.toFixed(3)} ms, schema serializer ${fast.toFixed(3)} ms; ${path} (20 rows) ${perSecond.toFixed(0)} req/s via inject`);
    }
  });
});
