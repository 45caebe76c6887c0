import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown>;
type Model = Rec & { cmId: number; fields: (Rec & { fieldId: number; fieldFieldName: string })[] };

let server: TestServer;
let url: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

async function tableColumns(table: string): Promise<string[]> {
  const t = (await server.app.db.introspection.getTables()).find((x) => x.name === table);
  return t ? t.columns.map((c) => c.name) : [];
}

describe('/api/contentModel/*', () => {
  it('checks table names and refuses unsafe ones', async () => {
    expect((await call<boolean>(url, '/api/contentModel/policy_doc/checkcmTableNameExist', { token: admin, method: 'GET' })).body.data).toBe(true);
    expect((await call<boolean>(url, '/api/contentModel/notice_ext/checkcmTableNameExist', { token: admin, method: 'GET' })).body.data).toBe(false);
    for (const bad of ['Users', 'a', '1abc', 'a-b', 'x'.repeat(31), "a';drop", '<b>ab</b>']) {
      const r = await call(url, `/api/contentModel/${encodeURIComponent(bad)}/checkcmTableNameExist`, { token: admin, method: 'GET' });
      expect(r.body.errorCode, bad).toBe('1002');
      const s = await call(url, '/api/contentModel/save', { token: admin, body: { cmTipsName: '坏', cmTableName: bad } });
      expect(s.body.errorCode, bad).toBe('1002');
    }
    // A name equal to a core table is fine: the model's table is always cm_<name>.
    const users = await call<Model>(url, '/api/contentModel/save', { token: admin, body: { cmTipsName: '用户扩展', cmTableName: 'users' } });
    expect(users.body.errorCode, users.body.errorMsg).toBe('0');
    expect(await tableColumns('cm_users')).toEqual(['articleId']);
    expect((await tableColumns('users')).length).toBeGreaterThan(5);
    expect((await call(url, '/api/contentModel/save', { token: admin, body: { cmTipsName: '重复', cmTableName: 'users' } })).body).toMatchObject({ errorCode: '1004', errorMsg: '表名已存在：users' });
  });

  it('creates a model with fields and its table; fields are added, changed and removed', async () => {
    const r = await call<Model>(url, '/api/contentModel/save', {
      token: admin,
      body: {
        cmTipsName: '招聘信息',
        cmTableName: 'recruit',
        fields: [
          { fieldTipsName: '岗位名称', fieldFieldName: 'post', fieldType: 1, fieldRequired: 1 },
          { fieldTipsName: '招聘人数', fieldFieldName: 'headcount', fieldType: 4 },
        ],
      },
    });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    const cmId = r.body.data.cmId;
    expect(await tableColumns('cm_recruit')).toEqual(expect.arrayContaining(['articleId', 'post', 'headcount']));
    const f = await call<Rec & { fieldId: number }>(url, '/api/contentModel/saveForm', {
      token: admin,
      body: { fieldCmId: cmId, fieldTipsName: '学历要求', fieldFieldName: 'degree', fieldType: 6, fieldOptions: ['本科', '硕士'] },
    });
    expect(f.body.errorCode, f.body.errorMsg).toBe('0');
    expect(await tableColumns('cm_recruit')).toContain('degree');
    expect((await call(url, '/api/contentModel/saveForm', { token: admin, body: { fieldCmId: cmId, fieldTipsName: '重', fieldFieldName: 'degree', fieldType: 1 } })).body.errorCode).toBe('1004');
    expect((await call(url, '/api/contentModel/saveForm', { token: admin, body: { fieldCmId: cmId, fieldTipsName: '坏', fieldFieldName: 'articleid', fieldType: 1 } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/contentModel/saveForm', { token: admin, body: { fieldCmId: cmId, fieldTipsName: '坏', fieldFieldName: 'x y', fieldType: 1 } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/contentModel/saveForm', { token: admin, body: { fieldCmId: cmId, fieldTipsName: '坏', fieldFieldName: 'sel', fieldType: 6 } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/contentModel/saveForm', { token: admin, body: { fieldCmId: cmId, fieldTipsName: '坏', fieldFieldName: 'zz', fieldType: 9 } })).body.errorCode).toBe('1002');
    const got = await call<Rec>(url, `/api/contentModel/${f.body.data.fieldId}/getFromById`, { token: admin, method: 'GET' });
    expect(got.body.data).toMatchObject({ fieldTipsName: '学历要求', fieldOptions: ['本科', '硕士'] });
    const upd = await call(url, '/api/contentModel/updateForm', { token: admin, body: { fieldId: f.body.data.fieldId, fieldTipsName: '最低学历', fieldOptions: ['大专', '本科', '硕士'] } });
    expect(upd.body.errorCode, upd.body.errorMsg).toBe('0');
    expect((await call(url, '/api/contentModel/updateForm', { token: admin, body: { fieldId: f.body.data.fieldId, fieldFieldName: 'renamed' } })).body.errorCode).toBe('1005');
    const model = (await call<Model>(url, `/api/contentModel/${cmId}/getById`, { token: admin, method: 'GET' })).body.data;
    expect(model.fields.map((x) => x.fieldFieldName)).toEqual(['post', 'headcount', 'degree']);
    expect((await call(url, '/api/contentModel/update', { token: admin, body: { cmId, cmTableName: 'other' } })).body.errorCode).toBe('1005');
    expect((await call<Model>(url, '/api/contentModel/update', { token: admin, body: { cmId, cmTipsName: '招聘公告' } })).body.data.cmTipsName).toBe('招聘公告');
    const page = (await call<{ list: Rec[]; totalRow: number }>(url, '/api/contentModel/list', { token: admin, body: { pageNum: 1, pageSize: 10, cmTipsName: '招聘' } })).body.data;
    expect(page.list.map((m) => m.cmTipsName)).toEqual(['招聘公告']);
    expect((await call(url, '/api/contentModel/99999/getById', { token: admin, method: 'GET' })).body.errorCode).toBe('1003');
  });

  it('a column with a model: its fields are saved with the article, read back and paged with listForm', async () => {
    const model = (await call<Model>(url, '/api/contentModel/save', {
      token: admin,
      body: {
        cmTipsName: '会议信息',
        cmTableName: 'meeting',
        fields: [
          { fieldTipsName: '会议地点', fieldFieldName: 'place', fieldType: 1, fieldRequired: 1 },
          { fieldTipsName: '参会人数', fieldFieldName: 'people', fieldType: 4 },
          { fieldTipsName: '会议日期', fieldFieldName: 'mdate', fieldType: 5 },
          { fieldTipsName: '会议类型', fieldFieldName: 'mtype', fieldType: 6, fieldOptions: ['常务会议', '专题会议'] },
          { fieldTipsName: '会议纪要', fieldFieldName: 'notes', fieldType: 3 },
        ],
      },
    })).body.data;
    const col = await call<Rec & { categoryId: number }>(url, '/column/save', { token: admin, query: { categoryTitle: '会议栏目', columnType: 1, columnContentModelId: model.cmId } });
    expect(col.body.errorCode, col.body.errorMsg).toBe('0');
    const columnId = col.body.data.categoryId;
    const fields = await call<{ fields: Rec[]; values: Rec }>(url, '/api/article/queryFieldOverwrite', { token: admin, method: 'GET', query: { columnId } });
    expect(fields.body.data.fields.map((f) => f.fieldFieldName)).toEqual(['place', 'people', 'mdate', 'mtype', 'notes']);

    const missing = await call(url, '/api/article/save/admin', { token: admin, body: { title: '会议', columnId, modelFields: { people: 3 } } });
    expect(missing.body).toMatchObject({ errorCode: '1002', errorMsg: '请填写会议地点' });
    expect((await call(url, '/api/article/save/admin', { token: admin, body: { title: '会议', columnId, modelFields: { place: '县政府', people: 'many' } } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/article/save/admin', { token: admin, body: { title: '会议', columnId, modelFields: { place: '县政府', mtype: '茶话会' } } })).body.errorCode).toBe('1002');
    expect(await server.app.db.selectFrom('article').select('articleId').where('title', '=', '会议').execute()).toHaveLength(0);

    const saved = await call<Rec & { articleId: number; modelFields: Rec }>(url, '/api/article/save/admin', {
      token: admin,
      body: { title: '县政府第12次常务会议', columnId, modelFields: { place: '县政府三楼会议室', people: 25, mdate: '2026-04-01', mtype: '常务会议', notes: '<p>纪要<script>x()</script></p>' } },
    });
    expect(saved.body.errorCode, saved.body.errorMsg).toBe('0');
    const id = saved.body.data.articleId;
    expect(saved.body.data.modelFields).toMatchObject({ place: '县政府三楼会议室', people: 25, mdate: '2026-04-01', mtype: '常务会议', notes: '<p>纪要</p>' });
    const upd = await call(url, '/api/article/update', { token: admin, body: { articleId: id, modelFields: { people: 30 } } });
    expect(upd.body.errorCode, upd.body.errorMsg).toBe('0');
    const values = (await call<{ values: Rec }>(url, '/api/article/queryFieldOverwrite', { token: admin, method: 'GET', query: { columnId, basicId: id } })).body.data.values;
    expect(values).toMatchObject({ place: '县政府三楼会议室', people: 30, mtype: '常务会议' });

    const rows = await call<{ list: Rec[]; totalRow: number }>(url, `/api/contentModel/${model.cmId}/1/10/listForm`, { token: admin, method: 'GET' });
    expect(rows.body.errorCode).toBe('0');
    expect(rows.body.data.totalRow).toBe(1);
    expect(rows.body.data.list[0]).toMatchObject({ articleId: id, title: '县政府第12次常务会议', place: '县政府三楼会议室' });
    expect((await call(url, `/api/contentModel/${model.cmId}/0/10/listForm`, { token: admin, method: 'GET' })).body.errorCode).toBe('1002');

    // A model in use cannot be deleted; the article's values go with the article.
    expect((await call(url, '/api/contentModel/delete', { token: admin, body: { ids: [model.cmId] } })).body.errorCode).toBe('1005');
    expect((await call(url, '/api/article/delete', { token: admin, body: { ids: [id] } })).body.errorCode).toBe('0');
    expect((await call<{ totalRow: number }>(url, `/api/contentModel/${model.cmId}/1/10/listForm`, { token: admin, method: 'GET' })).body.data.totalRow).toBe(0);
    await call(url, '/column/del', { token: admin, body: { ids: [columnId] } });
    expect((await call(url, '/api/contentModel/delete', { token: admin, body: { ids: [model.cmId] } })).body.errorCode).toBe('0');
    expect(await tableColumns('cm_meeting')).toEqual([]);
  });

  it('deletes field definitions and needs the model keys', async () => {
    const m = (await call<Model>(url, '/api/contentModel/save', { token: admin, body: { cmTipsName: '临时', cmTableName: 'tmp_model', fields: [{ fieldTipsName: '甲', fieldFieldName: 'a', fieldType: 2 }] } })).body.data;
    const fieldId = (m.fields[0] as { fieldId: number }).fieldId;
    expect((await call(url, '/api/contentModel/deleteForm', { token: admin, body: { ids: [fieldId] } })).body.errorCode).toBe('0');
    expect((await call<Model>(url, `/api/contentModel/${m.cmId}/getById`, { token: admin, method: 'GET' })).body.data.fields).toEqual([]);
    const { DEMO_PASSWORD } = await import('./helpers/testServer.js');
    const xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
    expect((await call(url, '/api/contentModel/list', { token: xinxi, body: {} })).status).toBe(403);
  });
});
