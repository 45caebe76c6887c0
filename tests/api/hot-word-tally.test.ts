import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect.js';
import type { Db } from '../../server/db/types.js';
import { createWordTally } from '../../server/modules/content/search/wordTally.js';
import { recordSearchWords } from '../../server/modules/system/hotWords/index.js';
import { createStatTally } from '../../server/modules/content/search/statTally.js';
import { createTallyWriter, type TallyWriter } from '../../server/modules/content/search/tallyWriter.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

// The hot-word tally and the search statistics (issue 25, session 32): on SQLite its statements run on a writer thread of their own; on
// both databases several instances' tallies add up on the shared table, and a close writes what is pending.
let server: TestServer;
let other: Db;
const errors: unknown[] = [];
const log = (e: unknown) => errors.push(e);
const sqlite = () => server.app.portal.dialect === 'sqlite';
const file = () => `${server.app.portal.config.dataDir}/portal.sqlite`;
const writerOf = () => (sqlite() ? createTallyWriter(file(), log) : null);

beforeAll(async () => {
  server = await startTestServer();
  const { dataDir, databaseUrl } = server.app.portal.config;
  // A second instance on the same database (behind a proxy): its own connections, its own tally and writer.
  other = openDatabase({ dataDir, databaseUrl }).db;
});
afterAll(async () => {
  await other?.destroy();
  await server?.close();
});

async function countsOf(db: Db, words: readonly string[]) {
  const rows = await db.selectFrom('hot_word').select(['word', 'searchCount', 'type', 'status']).where('word', 'in', words).orderBy('id').execute();
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(String(r.word), (sums.get(String(r.word)) ?? 0) + Number(r.searchCount));
  return { rows, sums };
}

describe("the search's tallies", () => {
  it("counts a burst on the writer thread as on the request thread (a kept word's first row, trimmed, too long or empty not counted)", async () => {
    const writer = writerOf();
    await writer?.ready();
    const db = server.app.db;
    await db.deleteFrom('hot_word').execute();
    await db.insertInto('hot_word').values([{ word: '乡村振兴', sort: 0, status: 1, type: 1, searchCount: 1 }, { word: '乡村振兴', sort: 0, status: 1, type: 1, searchCount: 0 }]).execute();
    const burst = new Map<string, number>([['乡村振兴', 2], [' 营商环境', 1], ['营商环境 ', 2], ['', 4], ['y'.repeat(31), 1]]);
    for (let i = 0; i < 60; i++) burst.set(`写线程${i}`, 1 + (i % 3));
    await recordSearchWords(db, burst, writer);
    const rows = await db.selectFrom('hot_word').select(['id', 'word', 'searchCount', 'type', 'status', 'sort', 'creatorName', 'createTime']).orderBy('id').execute();
    expect(rows.filter((r) => r.word === '乡村振兴').map((r) => r.searchCount)).toEqual([3, 0]);
    expect(rows.filter((r) => r.word === '营商环境').map((r) => r.searchCount)).toEqual([3]);
    expect(rows).toHaveLength(2 + 1 + 60);
    // New words in the burst's order, as 自动统计 and disabled, with the system as creator and a creation time.
    expect(rows.slice(2).map((r) => r.word)).toEqual(['营商环境', ...Array.from({ length: 60 }, (_, i) => `写线程${i}`)]);
    expect(rows.find((r) => r.word === '写线程59')).toMatchObject({ type: 2, status: 0, sort: 0, searchCount: 3, creatorName: '系统' });
    expect(String(rows.at(-1)?.createTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await writer?.close();
    expect(errors).toEqual([]);
  });

  it('adds up two instances counting the same and different words at once, none lost or counted twice', async () => {
    const [writerA, writerB] = [writerOf(), writerOf()];
    await Promise.all([writerA?.ready(), writerB?.ready()]);
    const a = createWordTally(server.app.db, log, writerA);
    const b = createWordTally(other, log, writerB);
    const words = Array.from({ length: 120 }, (_, i) => `两实例${i % 80}`);
    const expected = new Map<string, number>();
    for (let round = 0; round < 3; round++) {
      for (const [i, w] of words.entries()) {
        (i % 2 ? a : b).add(w);
        expected.set(w, (expected.get(w) ?? 0) + 1);
      }
      await Promise.all([a.flush(), b.flush()]);
    }
    const { rows, sums } = await countsOf(server.app.db, [...expected.keys()]);
    expect(Object.fromEntries(sums)).toEqual(Object.fromEntries(expected));
    // SQLite's writers take turns (each chunk one immediate transaction): every word has one row.
    if (sqlite()) expect(rows).toHaveLength(expected.size);
    await Promise.all([writerA?.close(), writerB?.close()]);
    expect(errors).toEqual([]);
  });

  it('writes the words still pending when the server closes, through the writer, then stops it', async () => {
    const writer: TallyWriter | null = writerOf();
    await writer?.ready();
    const tally = createWordTally(server.app.db, log, writer);
    const words = Array.from({ length: 70 }, (_, i) => `关闭前${i}`);
    for (const w of words) tally.add(w);
    tally.add('关闭前0');
    // Closed before the gathering timer fires (routes.ts: flush, then stop the writer): nothing may be left behind.
    await tally.flush();
    await writer?.close();
    const { sums } = await countsOf(server.app.db, words);
    expect(sums.size).toBe(70);
    expect(sums.get('关闭前0')).toBe(2);
    expect(sums.get('关闭前69')).toBe(1);
    // The writer is closed: a later chunk is written by the caller instead (never lost).
    if (writer) expect(await writer.words([['关闭后', 1]], '2026-11-30 00:00:00')).toBe(false);
    expect(errors).toEqual([]);
  });

  it('adds up two instances\' search statistics through their writers, and writes what is pending at the close', async () => {
    const [writerA, writerB] = [writerOf(), writerOf()];
    await Promise.all([writerA?.ready(), writerB?.ready()]);
    const a = createStatTally(server.app.db, log, writerA);
    const b = createStatTally(other, log, writerB);
    const words = Array.from({ length: 40 }, (_, i) => `统计${i}`);
    for (const [i, w] of words.entries()) {
      a.search(w, i % 4 ? 3 : 0, null);
      b.search(w, 1, i === 1 ? '改写后' : null);
      if (i % 2) b.click(w);
    }
    await a.flush();
    // b closed with all of its entries pending: written, none lost.
    await b.flush();
    await Promise.all([writerA?.close(), writerB?.close()]);
    const rows = await server.app.db.selectFrom('search_stat').select(['keyword', 'searches', 'zeroResults', 'clicks', 'rewrittenTo']).where('keyword', 'in', words).execute();
    const byWord = new Map(rows.map((r) => [String(r.keyword), r]));
    expect(rows).toHaveLength(40);
    expect(byWord.get('统计0')).toMatchObject({ searches: 2, zeroResults: 1, clicks: 0, rewrittenTo: null });
    expect(byWord.get('统计1')).toMatchObject({ searches: 2, zeroResults: 0, clicks: 1, rewrittenTo: '改写后' });
    expect(rows.reduce((n, r) => n + Number(r.searches), 0)).toBe(80);
    expect(rows.reduce((n, r) => n + Number(r.clicks), 0)).toBe(20);
    expect(errors).toEqual([]);
  });
});
