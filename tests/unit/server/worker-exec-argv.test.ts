import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workerExecArgv } from '../../../server/shared/workerExecArgv';

const root = join(__dirname, '..', '..', '..');

describe('workerExecArgv: the Node options a worker gets (issue 26, session 36)', () => {
  it('drops tsx preloads in every form the tsx command and `node --import tsx` use', () => {
    const tsxCli = ['--require', '/srv/portal/node_modules/tsx/dist/preflight.cjs', '--import', 'file:///srv/portal/node_modules/tsx/dist/loader.mjs'];
    expect(workerExecArgv(tsxCli)).toEqual([]);
    expect(workerExecArgv(['--import', 'tsx'])).toEqual([]);
    expect(workerExecArgv(['--import=tsx/esm', '--loader', 'tsx', '-r', 'C:\\portal\\node_modules\\tsx\\dist\\preflight.cjs'])).toEqual([]);
  });

  it('keeps every other option, a preload of anything else included', () => {
    const argv = ['--max-old-space-size=2048', '--import', './otel.mjs', '--enable-source-maps', '--require', 'tsx-like-but-not/x.cjs', '--conditions=production'];
    expect(workerExecArgv(argv)).toEqual(argv);
    expect(workerExecArgv(['--import', 'tsx', '--inspect=0'])).toEqual(['--inspect=0']);
  });

  it("a pool's worker started under tsx runs without tsx's loader", () => {
    const out = execFileSync(join(root, 'node_modules', '.bin', 'tsx'), [join(__dirname, 'fixtures', 'execArgvProbe.ts')], { cwd: root, encoding: 'utf8' });
    const { parent, worker } = JSON.parse(out.trim().split('\n').pop() as string) as { parent: string[]; worker: string[] };
    expect(parent.some((a) => a.includes('tsx'))).toBe(true);
    expect(worker.some((a) => a.includes('tsx'))).toBe(false);
  });
});
