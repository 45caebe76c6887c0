import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mailDecl from '../../resources/mail.js';
import { bumpTally } from '../../server/crud/tallies.js';
import { dynamic } from '../../server/db/types.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// The generic `tallies` (server/crud/tallies.ts) on the shipped declaration that uses one (领导信箱's mail_count):
// what the routes answer follows the declaration — its counts, rates, order, limits and public fields.
type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; currPage: number; totalRow: number; totalPage: number };

let server: TestServer;
let url: string;
let admin: string;
let officer: string;
const t = mailDecl.tallies![0]!;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  officer = await login(url, 'jiaoyu', DEMO_PASSWORD);
});
afterAll(async () => server?.close());

/** A department id no tally row holds yet. */
async function freshKey(): Promise<number> {
  const rows = (await dynamic(server.app.db).selectFrom(t.table).select(t.key.field).execute()) as Record<string, number>[];
  return Math.max(0, ...rows.map((r) => Number(r[t.key.field]))) + 1000;
}

describe('declared tallies', () => {
  it('bumpTally creates the group row on first use and adds atomically; the list and get answer the declared counts and rates', async () => {
    const key = await freshKey();
    const [first, second] = [t.counts[0]!.name, t.counts[1]!.name];
    const db = dynamic(server.app.db);
    await Promise.all([bumpTally(db, t, key, '计数测试部门', first), bumpTally(db, t, key, '计数测试部门', first, 3)]);
    await bumpTally(db, t, key, '计数测试部门', second);
    const page = await call<Page>(url, t.calls.list.path, { token: admin, body: { [t.params.key]: key } });
    expect(page.body.data.totalRow).toBe(1);
    const row = page.body.data.list[0]!;
    expect(row[first]).toBe(4);
    expect(row[second]).toBe(1);
    const rate = t.rates![0]!;
    expect(row[rate.name]).toBe(`${((Number(row[rate.part]) / Number(row[rate.whole])) * 100).toFixed(1)}%`);
    const got = await call<Rec>(url, t.calls.get.path, { token: admin, query: { id: row.id } });
    expect(got.body.data).toEqual(row);
    // the name search strips the wildcards and finds the group by a part of its name
    const byName = await call<Page>(url, t.calls.list.path, { token: admin, body: { [t.params.contains]: '计数测%' } });
    expect(byName.body.data.list.map((r) => r.id)).toContain(row.id);
  });

  it('orders by the declared count, most first; corrects within 0..max by column name; resets every count', async () => {
    const all = (await call<Page>(url, t.calls.list.path, { token: admin, body: { pageNum: 1, pageSize: 200 } })).body.data.list;
    const counts = all.map((r) => Number(r[t.orderBy]));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const target = all[0]!;
    const name = t.counts[2]!.name;
    const bad = await call(url, t.calls.update!.path, { token: admin, body: { id: target.id, [name]: t.max + 1 } });
    expect(bad.body).toMatchObject({ errorCode: '1002', errorMsg: `${name}应为0到${t.max}的整数` });
    const fixed = await call<Rec>(url, t.calls.update!.path, { token: admin, body: { id: target.id, [name]: 7 } });
    expect(fixed.body).toMatchObject({ errorCode: '0', errorMsg: t.calls.update!.success });
    expect(fixed.body.data[name]).toBe(7);
    expect((await call(url, t.calls.reset!.path, { token: officer, query: { id: target.id } })).status).toBe(403);
    const reset = await call<Rec>(url, t.calls.reset!.path, { token: admin, query: { id: target.id } });
    expect(reset.body.errorMsg).toBe(t.calls.reset!.success);
    for (const c of t.counts) expect(reset.body.data[c.name]).toBe(0);
    expect(reset.body.data.resetTime).toBeTruthy();
  });

  it('the public calls answer only the declared fields, without login', async () => {
    const page = await call<Page>(url, t.public!.list, { body: { pageNum: 1, pageSize: 5 } });
    expect(page.body.errorCode).toBe('0');
    expect(page.body.data.list.length).toBeGreaterThan(0);
    for (const row of page.body.data.list) expect(Object.keys(row).sort()).toEqual([...t.public!.fields].sort());
    const one = await call<Rec>(url, t.public!.get, { query: { id: page.body.data.list[0]!.id } });
    expect(Object.keys(one.body.data).sort()).toEqual([...t.public!.fields].sort());
    expect((await call(url, t.public!.get, { query: { id: 99_999_999 } })).body.errorCode).toBe('1003');
  });
});
