import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * Runs a program as a child process at low priority with a time limit and an abort signal: speech work
 * never runs on the server's thread and never starves the API of CPU (docs/voice.md "Off the request thread").
 */
export function runChild(command: string, args: string[], opts: { signal: AbortSignal; timeoutMs: number; input?: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    if (opts.signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const child = spawn(command, args, { stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'] });
    try {
      if (child.pid) os.setPriority(child.pid, 15);
    } catch {
      // Lowering the priority is a courtesy; not allowed everywhere.
    }
    let stderr = '';
    child.stderr?.on('data', (b: Buffer) => {
      if (stderr.length < 2000) stderr += b.toString();
    });
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(kill, opts.timeoutMs);
    opts.signal.addEventListener('abort', kill, { once: true });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      opts.signal.removeEventListener('abort', kill);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${sig ? `killed (${sig})` : `exited ${String(code)}`}: ${stderr.trim().slice(0, 300)}`));
    });
    if (opts.input !== undefined && child.stdin) {
      child.stdin.on('error', () => undefined);
      child.stdin.end(opts.input);
    }
  });
}
