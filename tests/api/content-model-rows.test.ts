import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// Session 27 (内容模型): the generic machinery serving 自定义模型's fields and table name — a child collection
// with `rowCalls` (add / update / remove / get, `unique`, `createOnly`, `withRecord`), `everyRead` and `lists`,
// and the field options `existsAt` and `createOnly` (docs/extending.md "Session 27: 内容模型").
type Rec = Record<string, unknown>;
type Field = Rec & { fieldId: number; fieldFieldName: string; fieldOptions: string[]; fieldSort: number };
type Model = Rec & { cmId: number; fields: Field[] };

let server: TestServer;
let url: string;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

const post = <T = unknown>(path: string, body: Rec) => call<T>(url, path, { token: admin, body });
const get = <T = unknown>(path: string) => call<T>(url, path, { token: admin, method: 'GET' });
const tables = async () => (await server.app.db.introspection.getTables()).map((t) => t.name);

describe('自定义模型 on the generic child-row calls', () => {
  it('withRecord: a new model’s fields are checked first; a duplicate or a bad one leaves neither model nor table', async () => {
    const dup = await post('/api/contentModel/save', { cmTipsName: '重复', cmTableName: 'rows_dup', fields: [{ fieldTipsName: '甲', fieldFieldName: 'a' }, { fieldTipsName: '乙', fieldFieldName: 'a' }] });
    expect(dup.body).toMatchObject({ errorCode: '1004', errorMsg: '字段名已存在：a' });
    const bad = await post('/api/contentModel/save', { cmTipsName: '坏', cmTableName: 'rows_bad', fields: [{ fieldTipsName: '甲', fieldFieldName: 'a' }, { fieldTipsName: '乙', fieldFieldName: 'xmin' }] });
    expect(bad.body).toMatchObject({ errorCode: '1002', errorMsg: '字段名不能使用保留字：xmin' });
    expect(await tables()).not.toContain('cm_rows_dup');
    expect(await tables()).not.toContain('cm_rows_bad');
    expect((await post<{ totalRow: number }>('/api/contentModel/list', { cmTipsName: '坏' })).body.data.totalRow).toBe(0);
  });

  it('rows: sort by position, unique per model, createOnly, all-or-nothing removal with a count; every read answers the fields', async () => {
    const made = await post<Model>('/api/contentModel/save', { cmTipsName: '行测试', cmTableName: 'rows_ok', fields: [{ fieldTipsName: '甲', fieldFieldName: 'a', fieldType: 6, fieldOptions: '一,二' }] });
    expect(made.body.errorCode, made.body.errorMsg).toBe('0');
    const { cmId } = made.body.data;
    expect(made.body.data.fields.map((f) => [f.fieldFieldName, f.fieldSort, f.fieldOptions])).toEqual([['a', 0, ['一', '二']]]);
    const b = await post<Field>('/api/contentModel/saveForm', { cmId, fieldTipsName: '乙', fieldFieldName: 'b' });
    expect(b.body).toMatchObject({ errorCode: '0', errorMsg: '新增成功', data: { fieldCmId: cmId, fieldSort: 1, fieldOptions: [] } });
    // Another model may use the same field name; this one may not.
    const other = (await post<Model>('/api/contentModel/save', { cmTipsName: '行测试二', cmTableName: 'rows_two' })).body.data;
    expect((await post('/api/contentModel/saveForm', { contentModelId: other.cmId, fieldTipsName: '乙', fieldFieldName: 'b' })).body.errorCode).toBe('0');
    expect((await post('/api/contentModel/saveForm', { fieldCmId: cmId, fieldTipsName: '乙', fieldFieldName: 'b' })).body).toMatchObject({ errorCode: '1004', errorMsg: '字段名已存在：b' });
    expect((await tables()).filter((t) => t === 'cm_rows_ok')).toHaveLength(1);

    const same = await post<Field>('/api/contentModel/updateForm', { id: b.body.data.fieldId, fieldFieldName: 'b', fieldTipsName: '乙二' });
    expect(same.body).toMatchObject({ errorCode: '0', errorMsg: '修改成功', data: { fieldFieldName: 'b', fieldTipsName: '乙二' } });
    expect((await post('/api/contentModel/updateForm', { fieldId: b.body.data.fieldId, fieldFieldName: 'c' })).body).toMatchObject({ errorCode: '1005', errorMsg: '字段名保存后不能修改' });

    const page = (await post<{ list: Model[] }>('/api/contentModel/list', { cmTipsName: '行测试' })).body.data.list;
    expect(page.find((m) => m.cmId === cmId)!.fields.map((f) => f.fieldTipsName)).toEqual(['甲', '乙二']);
    expect(page.find((m) => m.cmId === other.cmId)!.fields.map((f) => f.fieldFieldName)).toEqual(['b']);

    const ids = made.body.data.fields.map((f) => f.fieldId).concat(b.body.data.fieldId);
    expect((await post('/api/contentModel/deleteForm', { ids: [...ids, 99999] })).body.errorCode).toBe('1003');
    expect((await get<Model>(`/api/contentModel/${cmId}/getById`)).body.data.fields).toHaveLength(2);
    expect((await post('/api/contentModel/deleteForm', { ids })).body).toMatchObject({ errorCode: '0', errorMsg: '删除成功', data: 2 });
    expect((await get(`/api/contentModel/${b.body.data.fieldId}/getFromById`)).body.errorCode).toBe('1003');
    // The columns stay in the model's table with their data.
    expect((await server.app.db.introspection.getTables()).find((t) => t.name === 'cm_rows_ok')!.columns.map((c) => c.name)).toEqual(['articleId', 'a', 'b']);
  });

  it('existsAt and createOnly on 表名; the calls need the model’s keys', async () => {
    expect((await get('/api/contentModel/rows_ok/checkcmTableNameExist')).body).toMatchObject({ errorCode: '0', data: true });
    expect((await get('/api/contentModel/rows_none/checkcmTableNameExist')).body).toMatchObject({ errorCode: '0', data: false });
    expect((await get('/api/contentModel/9abc/checkcmTableNameExist')).body).toMatchObject({ errorCode: '1002', errorMsg: '表名只能以小写字母开头，由小写字母、数字和下划线组成，长度2–30个字符' });
    const model = (await post<{ list: Model[] }>('/api/contentModel/list', { cmTipsName: '行测试二' })).body.data.list[0]!;
    expect((await post<Model>('/api/contentModel/update', { cmId: model.cmId, cmTableName: 'rows_two', cmTipsName: '改名' })).body).toMatchObject({ errorCode: '0', data: { cmTableName: 'rows_two', cmTipsName: '改名' } });
    expect((await post('/api/contentModel/update', { cmId: model.cmId, cmTableName: 'rows_three' })).body).toMatchObject({ errorCode: '1005', errorMsg: '表名保存后不能修改' });
    const xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
    for (const [path, method] of [['/api/contentModel/saveForm', 'POST'], ['/api/contentModel/deleteForm', 'POST'], ['/api/contentModel/1/getFromById', 'GET'], ['/api/contentModel/abc/checkcmTableNameExist', 'GET']] as const) {
      expect((await call(url, path, { token: xinxi, method, body: method === 'POST' ? { fieldCmId: model.cmId, ids: [1] } : undefined })).status, path).toBe(403);
    }
  });
});
