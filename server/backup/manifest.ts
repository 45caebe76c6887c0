import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileHash, TableHash } from './digest.js';

export type BackupKind = 'daily' | 'weekly' | 'monthly' | 'manual';

/**
 * `manifest.json` of a backup: what it holds and the hashes to verify it by — the database file's hash,
 * every table's row count and content hash (taken from the very snapshot that was saved), every file's
 * size and hash, and the operation log's chain head at that moment.
 */
export interface BackupManifest {
  format: 1;
  name: string;
  kind: BackupKind;
  dialect: 'sqlite' | 'postgres';
  startedAt: string;
  finishedAt: string;
  database: { file: string; size: number; sha256: string; integrity?: string; tables: TableHash[] };
  files: FileHash[];
  folders: string[];
  /** The generated site is not in the backup: 静态生成 makes it again from the database and templates. */
  site: 'excluded';
  logChain: { headSeq: number; headHash: string } | null;
}

export const MANIFEST_FILE = 'manifest.json';
export const FILES_FOLDER = 'files';

export async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => {
    throw new Error(`${dir} 不是备份：缺少 ${MANIFEST_FILE}`);
  });
  const m = JSON.parse(text) as BackupManifest;
  if (m.format !== 1 || !m.database || !Array.isArray(m.files)) throw new Error(`${MANIFEST_FILE} 格式不对`);
  return m;
}

/** Differences between what a manifest promises and what is there (empty = identical), in Chinese. */
export function compareManifest(expected: { tables: TableHash[]; files: FileHash[] }, actual: { tables: TableHash[]; files: FileHash[] }): string[] {
  const problems: string[] = [];
  const compare = <T extends { sha256: string }>(what: string, want: Map<string, T>, have: Map<string, T>, detail: (w: T, h: T) => string) => {
    for (const [name, w] of want) {
      const h = have.get(name);
      if (!h) problems.push(`${what} ${name} 缺失`);
      else if (h.sha256 !== w.sha256) problems.push(`${what} ${name} 不一致（${detail(w, h)}）`);
    }
    for (const name of have.keys()) if (!want.has(name)) problems.push(`${what} ${name} 是多出来的`);
  };
  compare('表', new Map(expected.tables.map((t) => [t.name, t])), new Map(actual.tables.map((t) => [t.name, t])), (w, h) => `行数 ${w.rows} / ${h.rows}，内容哈希不同`);
  compare('文件', new Map(expected.files.map((f) => [f.path, f])), new Map(actual.files.map((f) => [f.path, f])), (w, h) => `大小 ${w.size} / ${h.size}，内容哈希不同`);
  return problems;
}
