import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectSqlite } from '../../../server/backup/sqliteBackup';
import type { BackupManifest } from '../../../server/backup/manifest';
import { callInWorker } from '../../../server/shared/workerCall';

// Long work (a backup's copy, integrity check and row hashes: minutes at a million articles) runs in a worker
// thread of its own, so the request thread keeps answering meanwhile (server/shared/workerCall.ts).
// Module addresses from the repository's root (the unit project's jsdom gives import.meta.url an http address).
const moduleAt = (rel: string) => pathToFileURL(path.resolve(rel));
const fixture = moduleAt('tests/unit/server/fixtures/threadOf.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-worker-call-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('callInWorker', () => {
  it('runs the function on another thread and answers its result', async () => {
    const answer = await callInWorker<{ threadId: number; doubled: number }>(fixture, 'threadOf', [{ n: 21 }]);
    expect(answer.doubled).toBe(42);
    expect(answer.threadId).not.toBe(threadId);
  });

  it('rejects with the function’s own message', async () => {
    await expect(callInWorker(fixture, 'fails', [])).rejects.toThrow('备份失败：磁盘已满');
  });

  it('makes the backup’s database part off the thread: the copy, its integrity and the same table hashes', async () => {
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir);
    const live = new SQLite(path.join(dataDir, 'portal.sqlite'));
    live.pragma('journal_mode = WAL');
    live.exec('create table article (id integer primary key, title text, body blob)');
    const insert = live.prepare('insert into article (title, body) values (?, ?)');
    for (let i = 0; i < 500; i++) insert.run(`标题${i}`, Buffer.from([i % 256, 1, 2]));
    const dir = path.join(tmp, 'backup');
    fs.mkdirSync(dir);
    const part = await callInWorker<BackupManifest['database']>(moduleAt('server/backup/saveDatabase.ts'), 'saveDatabase', [
      { databaseUrl: null, dataDir, pgDump: 'pg_dump' },
      dir,
    ]);
    live.close();
    expect(part.integrity).toBe('ok');
    expect(part.tables).toEqual(inspectSqlite(path.join(dir, 'portal.sqlite')).tables);
    expect(part.tables.find((t) => t.name === 'article')?.rows).toBe(500);
    expect(part.size).toBe(fs.statSync(path.join(dir, 'portal.sqlite')).size);
  });
});
