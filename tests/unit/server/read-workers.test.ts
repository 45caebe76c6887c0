import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createReadOffload } from '../../../server/db/readWorkers/offload.js';
import { createReadPool, readWorkerCount } from '../../../server/db/readWorkers/pool.js';

/** Read workers (server/db/readWorkers/): a costly read runs on a worker's own connection and answers what the request thread's would. */
const dir = mkdtempSync(join(tmpdir(), 'read-workers-'));
const file = join(dir, 'r.sqlite');
const writer = new SQLite(file);
writer.pragma('journal_mode = WAL');
writer.exec('create table t (id integer primary key, v text, b blob)');
const insert = writer.prepare('insert into t (v, b) values (?, ?)');
writer.transaction(() => {
  for (let i = 0; i < 20_000; i++) insert.run(`v${i}`, i % 1000 === 0 ? Buffer.from([i % 256, 1, 2]) : null);
})();
const reader = new SQLite(file, { readonly: true });
const failures: unknown[] = [];
const pool = createReadPool(file, 1, (e) => failures.push(e));
const offload = createReadOffload(pool);
afterAll(async () => {
  await offload.close();
  reader.close();
  writer.close();
  rmSync(dir, { recursive: true, force: true });
});

// A scan of every row: far above the cost that sends a statement to a worker.
const COSTLY = "select count(*) as n, max(id) as top from t where v like '%9%'";
const BLOBS = "select id, b from t where b is not null and v like '%0%' order by id";
const rows = (text: string, parameters: unknown[] = []) => offload.rows(reader.prepare(text), text, parameters);

describe('read workers', () => {
  it('a costly statement moves to a worker once they run, and answers the same rows, blobs as Buffers', async () => {
    const local = reader.prepare(COSTLY).all();
    for (let i = 0; i < 60; i++) expect(await rows(COSTLY)).toEqual(local);
    await pool.ready();
    const before = offload.counts();
    expect(await rows(COSTLY)).toEqual(local);
    expect(offload.counts().worker).toBe(before.worker + 1);
    const blobs = reader.prepare(BLOBS).all() as { b: Buffer }[];
    for (let i = 0; i < 3; i++) await rows(BLOBS);
    const answered = (await rows(BLOBS)) as { b: Buffer }[];
    expect(answered).toEqual(blobs);
    expect(answered.every((r) => Buffer.isBuffer(r.b))).toBe(true);
    expect(offload.counts().worker).toBeGreaterThan(before.worker + 1);
    expect(failures).toEqual([]);
  });

  it('a row committed by the writer is seen by the next read a worker runs', async () => {
    const before = offload.counts().worker;
    writer.prepare('insert into t (v) values (?)').run('999999');
    const [answer] = (await rows(COSTLY)) as { top: number }[];
    expect(answer?.top).toBe(20_001);
    expect(offload.counts().worker).toBe(before + 1);
  });

  it('statements of one turn go to the worker together and each gets its own rows', async () => {
    const texts = ["select count(*) as n from t where v like ?", COSTLY];
    for (let i = 0; i < 3; i++) for (const text of texts) await rows(text, text === COSTLY ? [] : ['%7%']);
    const expected = [5, 6, 7].map((d) => reader.prepare(texts[0]!).all(`%${d}%`));
    const before = offload.counts().worker;
    const answered = await Promise.all([...[5, 6, 7].map((d) => rows(texts[0]!, [`%${d}%`])), rows(COSTLY)]);
    expect(answered.slice(0, 3)).toEqual(expected);
    expect(answered[3]).toEqual(reader.prepare(COSTLY).all());
    expect(offload.counts().worker).toBe(before + 4);
  });

  it('a cheap statement stays on the request thread; a statement the worker cannot run gives the real error', async () => {
    const cheap = 'select v from t where id = ?';
    // A first run slowed by the machine may send it once to a worker, whose own time then tells it is cheap.
    for (let i = 0; i < 20; i++) expect(await rows(cheap, [7])).toEqual([{ v: 'v6' }]);
    const before = offload.counts();
    for (let i = 0; i < 20; i++) expect(await rows(cheap, [7])).toEqual([{ v: 'v6' }]);
    expect(offload.counts().worker).toBeLessThanOrEqual(before.worker + 1);
    expect(offload.counts().local).toBeGreaterThanOrEqual(before.local + 19);
    // The statement prepares on the request thread's reader but refers to nothing the worker's connection has.
    reader.exec('create temp table only_here (x integer)');
    const temp = 'select count(*) as n from t left join only_here on only_here.x = t.id where t.v like ?';
    const expected = reader.prepare(temp).all('%1%');
    const failing = offload.counts();
    // The first run tells it is costly; the next two are sent to the worker, fail there and run here.
    for (let i = 0; i < 3; i++) expect(await rows(temp, ['%1%'])).toEqual(expected);
    expect(offload.counts().worker).toBe(failing.worker);
    expect(offload.counts().local).toBe(failing.local + 3);
    expect(offload.counts().sentBack).toBe(failing.sentBack + 2);
  });

  it('READ_WORKERS chooses how many (0: none), else one or two', () => {
    expect(readWorkerCount('0')).toBe(0);
    expect(readWorkerCount('3')).toBe(3);
    expect(readWorkerCount('x')).toBeGreaterThanOrEqual(1);
    expect(readWorkerCount(undefined)).toBeLessThanOrEqual(2);
  });
});
