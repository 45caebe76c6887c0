// `npm start`: build the front end when needed, then run the API server (which also serves both apps).
// It says what it is doing while it builds and starts, and where to go once the server answers.
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStaleAsync, frontEndIsStale } from './build-if-stale.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const port = Number(process.env.PORT) || 8080;
const shownHost = !process.env.HOST || process.env.HOST === '0.0.0.0' ? 'localhost' : process.env.HOST;
const base = `http://${shownHost}:${port}`;
const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);
const say = (text) => console.log(`[启动 ${String(seconds()).padStart(3)} 秒] ${text}`);

/** Prints `text` and then, every 10 s until `stop()`, that it is still under way. */
function ticker(text) {
  say(text);
  const timer = setInterval(() => say(`${text}（仍在进行）`), 10_000);
  return () => clearInterval(timer);
}

async function answers(path) {
  try {
    const res = await fetch(base + path, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

async function waitFor(path, everyMs, abort) {
  while (!abort.stopped) {
    if (await answers(path)) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return false;
}

say('第 1 步（共 3 步）：前端');
if (frontEndIsStale()) {
  const stop = ticker('正在构建前端（dist/ 不存在或早于源码；首次约 1–2 分钟）…');
  try {
    await buildIfStaleAsync();
  } finally {
    stop();
  }
  say('前端构建完成');
} else {
  say('前端已是最新，无需构建');
}

// Read-aloud's Debian packages (espeak-ng, ffmpeg): installed when missing and run as root, else a warning.
spawnSync('bash', [join(root, 'scripts', 'ensure-speech.sh'), '--soft'], { stdio: 'inherit' });

say('第 2 步（共 3 步）：启动服务器——迁移数据库；首次启动还会写入云溪县演示数据');
const server = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
const state = { stopped: false };
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  state.stopped = true;
  process.exit(code ?? (signal ? 1 : 0));
});

const stopWaiting = ticker('等待服务器就绪…');
if (await waitFor('/readyz', 1000, state)) {
  stopWaiting();
  console.log(
    [
      '',
      '================ 已就绪 ================',
      `  网站管理系统：${base}/admin/`,
      `  信息报送系统：${base}/report/`,
      '  演示账号见 README「Demo accounts」（admin 的初始密码见上方输出）',
      '========================================',
      '',
    ].join('\n'),
  );
  say('第 3 步（共 3 步）：门户网站（首次启动时在后台生成）…');
  if (await waitFor('/site/', 5000, state)) say(`门户网站已可访问：${base}/site/`);
} else {
  stopWaiting();
}
