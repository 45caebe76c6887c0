/** Operation-log write with and without the chain (SQLite, or PostgreSQL with DATABASE_URL): `tsx bench/log-chain-overhead.ts [n]`. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { writeLog } from '../server/audit/operationLog.js';
import { formatDateTime } from '../server/util/time.js';

const n = Number(process.argv[2] ?? 2000);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-chain-bench-'));
const app = await buildApp({ ...loadConfig(), dataDir, scheduler: false, seedDemo: false, adminPassword: 'Bench@2026x' });
const entry = { type: 'operation' as const, path: '/bench/write', operation: '压测', params: '{"id":1}', success: 1 as const, resultCode: '0', httpStatus: 200 };
const timeIt = async (label: string, fn: () => Promise<unknown>) => {
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  const us = ((performance.now() - t) * 1000) / n;
  console.log(`${label}: ${us.toFixed(0)} µs per write (${n} writes)`);
  return us;
};
const plain = await timeIt('without chain (plain insert)', () => app.db.insertInto('system_log').values({ ...entry, createTime: formatDateTime() }).execute());
const chained = await timeIt('with chain (writeLog)', () => writeLog(app.db, entry));
console.log(`overhead: ${(chained - plain).toFixed(0)} µs per write (${((chained / plain - 1) * 100).toFixed(0)} %)`);
await app.close();
await fs.rm(dataDir, { recursive: true, force: true });
