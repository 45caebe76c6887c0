// Builds the front end (vite build) only when dist/ is missing or older than any of its sources.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const sources = ['src', 'resources', 'providers', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function frontEndIsStale() {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > builtAt);
}

export function buildIfStale() {
  if (!frontEndIsStale()) return;
  console.log('Building the front end (dist/ is missing or older than its sources)…');
  const result = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

/** The same, without blocking: `npm start` prints progress while vite runs. */
export function buildIfStaleAsync() {
  if (!frontEndIsStale()) return Promise.resolve();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error('vite build failed'))));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
