// The portal serving the built front end (dist/) on a fresh database with a known captcha, plus a bare
// server with a static login form (the anchor of "login form visible"). Prints one JSON line.
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freshDatabase } from '../lib/pgDatabase';

export const CAPTCHA = 'AbC7';
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-front-'));
const password = 'Bench@2026pass';
const database = await freshDatabase();
const config = { ...loadConfig({ ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD: password }), staticDir: resolve(process.env.BENCH_STATIC_DIR ?? 'dist'), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false, captchaGenerator: () => ({ text: CAPTCHA, data: '<svg xmlns="http://www.w3.org/2000/svg"><text>****</text></svg>' }) });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();

const form = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><title>登录</title></head><body>
<form><input name="username"><input name="password" type="password"><input name="verifyCode"><button>登录</button></form></body></html>`;
// The anchor of "login → shell": a static page whose button fetches a small JSON answer from the same
// bare server and shows it (one round trip and one DOM update, no framework).
const shell = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><title>登录</title></head><body>
<button id="go">登录</button><main id="out"></main><script>
document.getElementById('go').onclick = async () => {
  const rows = await (await fetch('/shell/data')).json();
  document.getElementById('out').innerHTML = '<nav aria-label="主菜单">' + rows.map((r) => '<a href="#">' + r + '</a>').join('') + '</nav><p data-testid="data">' + rows.length + '</p>';
};
</script></body></html>`;
const bare = Fastify({ logger: false });
bare.get('/form', async (_request, reply) => reply.type('text/html; charset=utf-8').send(form));
bare.get('/shell', async (_request, reply) => reply.type('text/html; charset=utf-8').send(shell));
bare.get('/shell/data', async () => Array.from({ length: 60 }, (_, i) => `菜单${i + 1}`));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = bare.server.address();

process.stdout.write(JSON.stringify({
  port: typeof address === 'object' && address ? address.port : 0,
  barePort: typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0,
  password,
}) + '\n');
const stop = async () => {
  await bare.close();
  await app.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
