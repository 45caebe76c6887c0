// Starts a bench server in its own process (so load generator and server don't share an event loop)
// and waits for the JSON line it prints when it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(import.meta.url), '../../..');

export interface Child<T> {
  info: T;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** `at`: the tree whose script runs (an A/B against an older checkout: bench/listAB.ts). */
export function startChild<T>(script: string, env: Record<string, string> = {}, at = root): Promise<Child<T>> {
  const child = spawn(join(at, 'node_modules', '.bin', 'tsx'), [join(at, script)], {
    cwd: at,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolvePromise, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.trim().startsWith('{'));
      if (!line) return;
      child.stdout?.off('data', onData);
      resolvePromise({
        info: JSON.parse(line) as T,
        process: child,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it listened`)));
  });
}
