import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/types.js';
import { storeServerSample } from '../../entities/serverInfo.js';
import { formatDateTime } from '../../util/time.js';
import { PUBLISHED } from './contentChecks.js';
import type { SystemInfo } from '../../../resources/monitoring/systemInfo.js';

export type { SystemInfo };


const MB = 1024 * 1024;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** CPU busy share over a short window (os.cpus() times before and after). */
async function cpuPercent(windowMs = 200): Promise<number> {
  const total = () => os.cpus().reduce((acc, c) => {
    const t = c.times;
    return { idle: acc.idle + t.idle, all: acc.all + t.user + t.nice + t.sys + t.idle + t.irq };
  }, { idle: 0, all: 0 });
  const a = total();
  await new Promise((r) => setTimeout(r, windowMs));
  const b = total();
  const all = b.all - a.all;
  return all > 0 ? round(((all - (b.idle - a.idle)) / all) * 100) : 0;
}

async function database(db: Db, dialect: DialectName, dataDir: string): Promise<{ type: string; version: string; sizeMb: number }> {
  if (dialect === 'postgres') {
    const r = await sql<{ v: string; size: string }>`select version() as v, pg_database_size(current_database()) as size`.execute(db);
    const row = r.rows[0];
    return { type: 'PostgreSQL', version: String(row?.v ?? '').split(' ').slice(0, 2).join(' '), sizeMb: round(Number(row?.size ?? 0) / MB, 2) };
  }
  const r = await sql<{ v: string }>`select sqlite_version() as v`.execute(db);
  let size = 0;
  for (const suffix of ['', '-wal']) size += await fs.stat(path.join(dataDir, `portal.sqlite${suffix}`)).then((s) => s.size, () => 0);
  return { type: 'SQLite', version: String(r.rows[0]?.v ?? ''), sizeMb: round(size / MB, 2) };
}

/**
 * 待生成: published articles changed after the home page was last generated (`site/index.html`), i.e.
 * the generation work still to do; every published article when the site was never generated.
 */
async function pendingGeneration(db: Db, dataDir: string): Promise<{ pending: number; last: string | null }> {
  const stat = await fs.stat(path.join(dataDir, 'site', 'index.html')).catch(() => null);
  const last = stat ? formatDateTime(stat.mtime) : null;
  let q = db.selectFrom('article').select((eb) => eb.fn.countAll().as('n')).where('status', '=', PUBLISHED);
  if (last) q = q.where('updateTime', '>', last);
  const r = (await q.executeTakeFirst()) as { n: number | string } | undefined;
  return { pending: Number(r?.n ?? 0), last };
}

/** The server's figures now. The same on every platform (Node's os/fs APIs), Windows or not. */
export async function systemInfo(db: Db, dialect: DialectName, dataDir: string): Promise<SystemInfo> {
  const [cpu, dbInfo, gen, disk] = await Promise.all([
    cpuPercent(),
    database(db, dialect, dataDir),
    pendingGeneration(db, dataDir),
    fs.statfs(dataDir).catch(() => null),
  ]);
  const memTotal = os.totalmem();
  const memUsed = memTotal - os.freemem();
  const diskTotal = disk ? disk.blocks * disk.bsize : 0;
  const diskFree = disk ? disk.bavail * disk.bsize : 0;
  return {
    sampleTime: formatDateTime(),
    hostName: os.hostname(),
    platform: `${os.type()} ${os.arch()}`,
    osRelease: os.release(),
    cpuModel: os.cpus()[0]?.model ?? '',
    cpuCount: os.cpus().length,
    cpuPercent: cpu,
    load1: round(os.loadavg()[0] ?? 0, 2),
    memTotalMb: Math.round(memTotal / MB),
    memUsedMb: Math.round(memUsed / MB),
    memPercent: round((memUsed / memTotal) * 100),
    dataDir,
    diskTotalMb: Math.round(diskTotal / MB),
    diskFreeMb: Math.round(diskFree / MB),
    diskPercent: diskTotal ? round(((diskTotal - diskFree) / diskTotal) * 100) : 0,
    uptimeSec: Math.round(os.uptime()),
    processUptimeSec: Math.round(process.uptime()),
    nodeVersion: process.version,
    dbType: dbInfo.type,
    dbVersion: dbInfo.version,
    dbSizeMb: dbInfo.sizeMb,
    pendingGeneration: gen.pending,
    lastGeneration: gen.last,
  };
}

/** Stores a sample for the chart and drops samples older than 30 days. */
export async function sampleServer(db: Db, info: SystemInfo): Promise<void> {
  const { sampleTime, hostName, cpuPercent: cpu, load1, memPercent, memUsedMb, memTotalMb, diskPercent, diskFreeMb, uptimeSec, dbSizeMb, pendingGeneration: pending } = info;
  await storeServerSample(db, { sampleTime, hostName, cpuPercent: cpu, load1, memPercent, memUsedMb, memTotalMb, diskPercent, diskFreeMb, uptimeSec, dbSizeMb, pendingGeneration: pending });
}
