import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLog } from '../../server/audit/operationLog.js';
import { formatDateTime } from '../../server/util/time.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Report = { ok: boolean; checked: number; headSeq: number; anchorsChecked: number; firstBroken: { chainSeq: number; id: number | null; reason: string } | null };
type Anchor = { id: number; kind: string; chainSeq: number; chainHash: string };

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

const verify = async (body: Record<string, unknown> = {}) => {
  const r = await call<Report>(server.url, '/log/chain/verify', { token: admin, body });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return { ...r.body.data, msg: r.body.errorMsg };
};
const save = (operation: string) => call(server.url, '/log/systemLogSave', { token: admin, body: { operation, path: '/test/chain' } });
const row = async (seq: number) => (await sql<Record<string, unknown>>`select * from system_log where "chainSeq" = ${seq}`.execute(server.app.db)).rows[0]!;

/** Waits until the log rows of calls already answered are written (they are written after the answer). */
/**
 * Waits until the chain's head stays put for three reads in a row: a call's own log entry is appended after its
 * answer, and on a loaded machine one quiet read 60 ms apart was not enough (a made-up link then met a real one).
 */
async function settle(): Promise<number> {
  let last = -1;
  let quiet = 0;
  for (let i = 0; i < 100 && quiet < 3; i++) {
    const head = (await sql<{ headSeq: number }>`select "headSeq" from log_chain`.execute(server.app.db)).rows[0]!.headSeq;
    quiet = head === last ? quiet + 1 : 0;
    last = head;
    if (quiet < 3) await new Promise((r) => setTimeout(r, 100));
  }
  return last;
}

describe('the operation log chain', () => {
  it('every entry is linked; concurrent writes keep one unbroken chain; a genesis anchor exists', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => save(`并发写入${i}`)));
    await settle();
    const report = await verify();
    expect(report.ok, report.msg).toBe(true);
    expect(report.checked).toBeGreaterThanOrEqual(40);
    expect(report.checked).toBe(report.headSeq);
    const anchors = await call<{ list: Anchor[] }>(server.url, '/log/chain/anchorList', { token: admin, body: { pageNum: 1, pageSize: 10 } });
    expect(anchors.body.data.list.some((a) => a.kind === 'genesis' && a.chainSeq === 0)).toBe(true);
  });

  it('an altered row is detected at its place, and the chain holds again once put back', async () => {
    const head = await settle();
    const target = await row(head - 5);
    await sql`update system_log set "resultMsg" = ${'篡改'} where id = ${target.id}`.execute(server.app.db);
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(report.firstBroken).toMatchObject({ chainSeq: head - 5, id: target.id });
    expect(report.firstBroken!.reason).toContain('被修改');
    expect(report.msg).toContain(`第${head - 5}条`);
    await sql`update system_log set "resultMsg" = ${target.resultMsg as string | null} where id = ${target.id}`.execute(server.app.db);
    expect((await verify()).ok).toBe(true);
  });

  it('a deleted row (in the middle and at the end) is detected', async () => {
    const head = await settle();
    const middle = await row(head - 10);
    await sql`delete from system_log where id = ${middle.id}`.execute(server.app.db);
    let report = await verify();
    expect(report.firstBroken).toMatchObject({ chainSeq: head - 10 });
    expect(report.firstBroken!.reason).toContain('被删除');
    await server.app.db.insertInto('system_log').values(middle as never).execute();
    expect((await verify()).ok).toBe(true);

    // The verify calls are recorded too: the last row is the one after them.
    const last = await row(await settle());
    await sql`delete from system_log where id = ${last.id}`.execute(server.app.db);
    report = await verify();
    expect(report.ok).toBe(false);
    expect(report.firstBroken!.reason).toContain('链尾');
    await server.app.db.insertInto('system_log').values(last as never).execute();
    expect((await verify()).ok).toBe(true);
  });

  it('a row inserted by hand (without a link, or with a made-up one) is detected', async () => {
    await settle();
    const values = { type: 'operation', username: 'intruder', path: '/fake', success: 1, resultCode: '0', createTime: formatDateTime() };
    const { id } = (await sql<{ id: number }>`insert into system_log (type, username, path, success, "resultCode", "createTime") values (${values.type}, ${values.username}, ${values.path}, 1, '0', ${values.createTime}) returning id`.execute(server.app.db)).rows[0]!;
    let report = await verify();
    expect(report.ok).toBe(false);
    expect(report.firstBroken).toMatchObject({ id });
    expect(report.firstBroken!.reason).toContain('手工插入');
    await sql`delete from system_log where id = ${id}`.execute(server.app.db);
    expect((await verify()).ok).toBe(true);

    // A made-up next link: the head row no longer matches.
    const next = (await settle()) + 1;
    await sql`insert into system_log (type, username, path, success, "resultCode", "createTime", "chainSeq", "chainHash") values ('operation', 'intruder', '/fake', 1, '0', ${values.createTime}, ${next}, ${'ab'.repeat(32)})`.execute(server.app.db);
    report = await verify();
    expect(report.ok).toBe(false);
    expect(report.firstBroken!.chainSeq).toBe(next);
    await sql`delete from system_log where "chainSeq" = ${next}`.execute(server.app.db);
    expect((await verify()).ok).toBe(true);
  });

  it('anchors: made by hand and exported as text; a chain rewritten after an anchor no longer matches it', async () => {
    const head = await settle();
    const made = await call<Anchor>(server.url, '/log/chain/anchorNow', { token: admin });
    expect(made.body.errorCode).toBe('0');
    expect(made.body.data.chainSeq).toBeGreaterThanOrEqual(head);
    const res = await fetch(new URL('/log/chain/exportAnchors', server.url), { method: 'POST', headers: { Authorization: admin, appKey: 'adminSite' } });
    const text = await res.text();
    expect(text).toContain(made.body.data.chainHash);
    // A staff-kept anchor that is not the chain's: reported.
    const wrong = await verify({ chainSeq: 3, chainHash: 'cd'.repeat(32) });
    expect(wrong.ok).toBe(false);
    expect(wrong.firstBroken!.reason).toContain('锚点');
    expect((await verify({ chainSeq: 3, chainHash: String((await row(3)).chainHash) })).anchorsChecked).toBeGreaterThan(0);
    expect((await call(server.url, '/log/chain/verify', { token: admin, body: { chainSeq: 'x', chainHash: '1' } })).body.errorCode).toBe('1002');
  });

  it('a purge removes entries past retention and moves the chain base: still verifiable; refused when broken', async () => {
    const old = formatDateTime(new Date(Date.now() - 400 * 86_400_000));
    await settle();
    // Old chained entries (as an instance would have written them 400 days ago).
    for (let i = 0; i < 3; i++) await writeLog(server.app.db, { type: 'operation', path: '/old/chained', success: 1, resultCode: '0', createTime: old });
    const oldSeq = Number((await sql<{ s: number }>`select max("chainSeq") as s from system_log where path = '/old/chained'`.execute(server.app.db)).rows[0]!.s);
    const target = await row(oldSeq);
    await sql`update system_log set "resultMsg" = ${'篡改'} where id = ${target.id}`.execute(server.app.db);
    const refused = await call(server.url, '/log/purge', { token: admin, body: { days: 180 } });
    expect(refused.body.errorCode).toBe('1005');
    expect(refused.body.errorMsg).toContain('日志链校验未通过');
    await sql`update system_log set "resultMsg" = null where id = ${target.id}`.execute(server.app.db);
    const done = await call<{ deleted: number; baseSeq: number }>(server.url, '/log/purge', { token: admin, body: { days: 180 } });
    expect(done.body.errorCode, done.body.errorMsg).toBe('0');
    expect(done.body.data.baseSeq).toBe(oldSeq);
    expect(done.body.data.deleted).toBeGreaterThanOrEqual(3);
    await settle();
    const report = await verify();
    expect(report.ok, report.msg).toBe(true);
  });
});
