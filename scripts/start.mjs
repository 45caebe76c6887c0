// `npm start`: build the front end when needed, then run the API server (which also serves both apps).
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
buildIfStale();
// Read-aloud's Debian packages (espeak-ng, ffmpeg): installed when missing and run as root, else a warning.
spawnSync('bash', [join(root, 'scripts', 'ensure-speech.sh'), '--soft'], { stdio: 'inherit' });

const server = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
