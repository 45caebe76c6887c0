import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../server/util/time.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// Issue 19: 自定义模型 and 意见征集 on the generic routes, their behaviour in server/entities/ (SQLite and
// PostgreSQL through scripts/with-postgres.sh).
type Rec = Record<string, unknown>;
let server: TestServer;
let admin: string;
const at = (days: number) => formatDateTime(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

describe('自定义模型 on the generic routes', () => {
  it('the list answers each model with its field count and fields; the key may come as cmId to update and delete', async () => {
    const made = await call<Rec & { cmId: number }>(server.url, '/api/contentModel/save', {
      token: admin,
      body: { cmTipsName: '人事任免', cmTableName: 'appoint', fields: [{ fieldTipsName: '职务', fieldFieldName: 'post', fieldType: 1 }, { fieldTipsName: '任职日期', fieldFieldName: 'since', fieldType: 5 }] },
    });
    expect(made.body).toMatchObject({ errorCode: '0', errorMsg: '新增成功' });
    const cmId = made.body.data.cmId;
    const page = await call<{ list: (Rec & { fields: Rec[] })[]; totalRow: number }>(server.url, '/api/contentModel/list', { token: admin, body: { cmTipsName: '人事任免' } });
    expect(page.body.data.totalRow).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({ cmId, cmTableName: 'appoint', fieldCount: 2 });
    expect(page.body.data.list[0]?.fields.map((f) => f.fieldFieldName)).toEqual(['post', 'since']);
    // A blank name is refused with the module's message; the table name cannot change.
    expect((await call(server.url, '/api/contentModel/update', { token: admin, body: { cmId, cmTipsName: '  ' } })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：cmTipsName' });
    expect((await call(server.url, '/api/contentModel/update', { token: admin, body: { cmId, cmTableName: 'other' } })).body).toMatchObject({ errorCode: '1005', errorMsg: '表名保存后不能修改' });
    const renamed = await call<Rec>(server.url, '/api/contentModel/update', { token: admin, body: { cmId, cmTipsName: '人事任免信息' } });
    expect(renamed.body).toMatchObject({ errorCode: '0', errorMsg: '修改成功', data: { cmTipsName: '人事任免信息', cmTableName: 'appoint' } });
    const gone = await call(server.url, '/api/contentModel/delete', { token: admin, body: { cmId } });
    expect(gone.body).toMatchObject({ errorCode: '0', data: 1 });
    expect((await server.app.db.introspection.getTables()).some((t) => t.name === 'cm_appoint')).toBe(false);
    expect(await server.app.db.selectFrom('content_model_field').select('fieldId').where('fieldCmId', '=', cmId).execute()).toEqual([]);
  });
});

describe('意见征集 on the generic routes', () => {
  it('结果反馈 names a missing reply by its label; /stopAdvice runs the declared action; the opinion op carries a schema', async () => {
    const t = await call<Rec & { id: number }>(server.url, '/advice/add', { token: admin, body: { title: '县城公交线网优化方案', solicitDept: '县交通运输局', startTime: at(-1), endTime: at(5), content: '<p>方案</p>' } });
    expect(t.body).toMatchObject({ errorCode: '0', errorMsg: '新增成功', data: { status: 1, opinionCount: 0 } });
    const id = t.body.data.id;
    const stopped = await call<Rec>(server.url, '/stopAdvice', { token: admin, query: { id } });
    expect(stopped.body).toMatchObject({ errorCode: '0', errorMsg: '已结束征集', data: { id, status: 2 } });
    expect(stopped.body.data.stopTime).toBeTruthy();
    expect((await call(server.url, '/advice/stopAdvice', { token: admin, body: { id } })).body).toMatchObject({ errorCode: '1005', errorMsg: '该征集已结束' });
    expect((await call(server.url, '/advice/resultReply', { token: admin, body: { id } })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：反馈内容' });
    const replied = await call<Rec>(server.url, '/advice/resultReply', { token: admin, body: { id, resultContent: '<p>采纳</p>' } });
    expect(replied.body).toMatchObject({ errorCode: '0', errorMsg: '结果已发布', data: { status: 3, resultContent: '<p>采纳</p>' } });
    const doc = (await call<never>(server.url, '/api/openapi.json', { method: 'GET' })).body as unknown as { paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties: Rec } }> } } }> };
    expect(Object.keys(doc.paths['/advice/web/add']?.post?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(expect.arrayContaining(['adviceId', 'content', 'phone', 'codeId', 'verifyCode']));
  });
});
