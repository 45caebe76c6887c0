import { spawn } from 'node:child_process';

/**
 * Runs a program (pg_dump, pg_restore) and waits for it; rejects with its error output. A missing
 * program is named with how to install it.
 */
export function runProgram(program: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new Error(`未找到 ${program}：请安装 postgresql-client（bash scripts/ensure-pg-client.sh）或设置 PG_DUMP / PG_RESTORE`) : error);
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} 失败（退出码 ${code}）：${stderr.trim().slice(0, 2000)}`))));
  });
}
