// The content-workflow API files' server, logins and article helpers (one server per file).
import { afterAll, beforeAll, expect } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './testServer.js';

export type Rec = Record<string, unknown>;
export type Flow = { action: string; actionName: string; fromStatus: number | null; toStatus: number | null; opinion: string | null; userName: string };
export type Detail = Rec & { articleId: number; status: number; flowList: Flow[]; content: string };

export interface Workflow {
  server: TestServer;
  url: string;
  admin: string;
  shenhe: string;
  xinxi: string;
  /** 政务要闻 */
  columnId: number;
  /** 部门动态, granted to xinxi */
  xinxiColumn: number;
}

/** Starts the file's server before its tests (admin, shenhe and xinxi logged in) and closes it after; `w` is filled then. */
export function workflowServer() {
  const w = {} as Workflow;
  beforeAll(async () => {
    w.server = await startTestServer();
    w.url = w.server.url;
    w.admin = await login(w.url, 'admin', w.server.adminPassword);
    w.shenhe = await login(w.url, 'shenhe', DEMO_PASSWORD);
    w.xinxi = await login(w.url, 'xinxi', DEMO_PASSWORD);
    const cols = (await call<Rec[]>(w.url, '/column/list', { token: w.admin, method: 'GET' })).body.data;
    w.columnId = Number(cols.find((c) => c.categoryTitle === '政务要闻')?.categoryId);
    w.xinxiColumn = Number(cols.find((c) => c.categoryTitle === '部门动态')?.categoryId);
    expect(w.columnId).toBeGreaterThan(0);
    // A fresh PostgreSQL database with demo data takes over a minute on a loaded machine.
  }, 180_000);
  afterAll(async () => w.server?.close());

  const get = async (token: string, articleId: number): Promise<Detail> => {
    const r = await call<Detail>(w.url, '/api/article/redisByArticleId', { token, method: 'GET', query: { articleId } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    return r.body.data;
  };
  const create = async (token: string, body: Rec, path = '/api/article/save/admin'): Promise<number> => {
    const r = await call<Detail>(w.url, path, { token, body: { columnId: w.columnId, content: '<p>正文</p>', ...body } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    return r.body.data.articleId;
  };
  /** An article brought to `state` through the API, as the admin. */
  const inState = async (state: number, title = `状态${state}的文章`): Promise<number> => {
    const ok = async (path: string, body: Rec) => {
      const r = await call(w.url, path, { token: w.admin, body });
      expect(r.body.errorCode, `${path}: ${r.body.errorMsg}`).toBe('0');
    };
    const reviewed = async (step: string, body: Rec) => {
      const id = await create(w.admin, { title, status: 4 });
      await ok(step, { ids: [id], ...body });
      return id;
    };
    switch (state) {
      case 3:
      case 4:
      case 5:
        return create(w.admin, { title, status: state });
      case 6:
        return reviewed('/api/article/accept', {});
      case 2:
        return reviewed('/api/article/acceptReject', { opinion: '退回修改' });
      case 1: {
        const id = await create(w.admin, { title, status: 5 });
        await ok('/api/article/rejectArticleTask', { ids: [id] });
        return id;
      }
    }
    throw new Error(`no such state ${state}`);
  };
  return { w, get, create, inState };
}
