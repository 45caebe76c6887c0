/**
 * `npm run restore -- <backup> [--force]`: restores a backup (its folder, its .tar.gz or its name under
 * BACKUP_DIR) into DATA_DIR (SQLite) or into the empty database of DATABASE_URL, then checks every table
 * and file against the backup's manifest. Exit code 0 only when all are identical.
 */
import { loadConfig } from '../config.js';
import { backupDir } from './config.js';
import { restoreBackup } from './restore.js';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const source = args.find((a) => !a.startsWith('--'));
  if (!source) {
    console.error('用法：npm run restore -- <备份目录、.tar.gz 或备份名称> [--force]\n  目标：DATA_DIR（SQLite）或 DATABASE_URL（空的 PostgreSQL 数据库）');
    return 2;
  }
  const config = loadConfig();
  const target = config.databaseUrl ? `PostgreSQL ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')}` : config.dataDir;
  console.log(`恢复 ${source} → ${target}${force ? '（覆盖）' : ''}`);
  const result = await restoreBackup({ source, backupDir: backupDir(config), dataDir: config.dataDir, databaseUrl: config.databaseUrl, force, pgRestore: config.backup.pgRestore });
  const m = result.manifest;
  console.log(`备份 ${m.name}（${m.kind}，${m.dialect}，${m.finishedAt}）：${result.tables} 张表 ${result.rows} 条记录，${result.files} 个文件`);
  if (m.logChain) console.log(`备份时操作日志链头：第 ${m.logChain.headSeq} 条 ${m.logChain.headHash}`);
  if (result.problems.length) {
    console.error(`校验未通过（${result.problems.length} 处）：\n  ${result.problems.join('\n  ')}`);
    return 1;
  }
  console.log('校验通过：每张表的行数和内容哈希、每个文件的哈希都与备份清单一致。网站页面请在后台“静态生成”中重新生成。');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`恢复失败：${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
