import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeclarations } from '../../server/resources/loadDeclarations.js';
import mailWithPriority from '../fixtures/declarations/mailWithPriority.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// Issue 19: adding `priority` to resources/mail.ts alone gives the column, the filter, the form, the show
// view, the export and the API. Here on the server: the shipped declarations with mail's replaced by a copy
// that has the field (tests/fixtures/declarations/mailWithPriority.ts); the behaviour file is the shipped one.
type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; totalRow: number };

let server: TestServer;
let url: string;
let admin: string;

beforeAll(async () => {
  const shipped = (await loadDeclarations()).filter((d) => d.name !== 'mail');
  server = await startTestServer({}, { declarations: [...shipped, mailWithPriority] });
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

const letter = (over: Record<string, unknown> = {}) => ({ title: '关于优先级的来信', content: '请尽快处理。', type: 1, boxType: 2, name: '钱先生', phone: '13911112222', ...over });

describe('领导信箱 with one declared field more', () => {
  it('stores the field on create and on update, answers it on get, filters the list by it', async () => {
    const made = await call<Rec>(url, '/mail/add', { token: admin, body: letter({ priority: 1 }) });
    expect(made.body.errorCode, made.body.errorMsg).toBe('0');
    expect(made.body.data.priority).toBe(1);
    const id = made.body.data.id;
    const plain = (await call<Rec>(url, '/mail/add', { token: admin, body: letter() })).body.data;
    expect(plain.priority).toBe(2);

    // The change the module's whitelist used to drop silently (修改成功, value lost).
    const upd = await call<Rec>(url, '/mail/add', { token: admin, body: { id, priority: 3 } });
    expect(upd.body).toMatchObject({ errorCode: '0', errorMsg: '修改成功' });
    const got = await call<Rec>(url, '/mail/get', { token: admin, query: { id } });
    expect(got.body.data.priority).toBe(3);

    const bad = await call(url, '/mail/add', { token: admin, body: { id, priority: 9 } });
    expect(bad.body.errorCode).toBe('1002');
    expect(bad.body.errorMsg).toContain('优先级');

    const low = await call<Page>(url, '/mail/list', { token: admin, body: { priority: 3, pageSize: 200 } });
    expect(low.body.data.list.map((m) => m.id)).toContain(id);
    expect(low.body.data.list.every((m) => m.priority === 3)).toBe(true);
    const normal = await call<Page>(url, '/mail/list', { token: admin, body: { priority: 2, pageSize: 200 } });
    expect(normal.body.data.list.map((m) => m.id)).toContain(plain.id);
    expect(normal.body.data.list.map((m) => m.id)).not.toContain(id);
  });

  it('exports the field as a column, by its label and its values\' labels', async () => {
    const res = await fetch(new URL('/mail/mailBoxExcel', url), { method: 'POST', headers: { Authorization: admin, appKey: 'adminSite', 'Content-Type': 'application/json' }, body: JSON.stringify({ priority: 3 }) });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const header = ws.getRow(1).values as unknown[];
    const col = header.indexOf('优先级');
    expect(col).toBeGreaterThan(0);
    expect(ws.rowCount).toBeGreaterThan(1);
    for (let i = 2; i <= ws.rowCount; i += 1) expect(ws.getRow(i).getCell(col).value).toBe('较低');
  });

  it('describes the field in the OpenAPI document: the save body and the list search', async () => {
    const doc = (await (await fetch(new URL('/api/openapi.json', url))).json()) as { paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: unknown }> } } }> };
    const bodyOf = (path: string) => JSON.stringify(doc.paths[path]?.post?.requestBody?.content['application/json']?.schema ?? {});
    expect(bodyOf('/mail/add')).toContain('"priority"');
    expect(bodyOf('/mail/list')).toContain('"priority"');
  });
});
