// Front-end benchmark (`npm run bench`, part "front"), cold Chromium each time, on the built front end
// served by a warmed-up server (the browser is cold, not the server). Each figure is the median of
// BENCH_FRONT_RUNS runs (default 5), printed beside an anchor of the same run:
// - login form visible (the password field; Playwright's detection and the browser's first contentful
//   paint) beside a static form from a bare server; the JavaScript of the login path on the wire;
// - login → shell usable: the user menu, the side menu and the first screen's data (the workbench's
//   to-dos) shown, beside a bare page whose button fetches a JSON answer and shows it;
// - the caching and compression headers of index.html and of a hashed asset.
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/browser/lib/chromium';
import { startChild } from './lib/child';

interface Info { port: number; barePort: number; password: string }
const CAPTCHA = 'AbC7';
const RUNS = Math.max(1, Number(process.env.BENCH_FRONT_RUNS ?? 5));

async function cold<T>(work: (page: Page) => Promise<T>): Promise<T> {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    return await work(page);
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (i: number) => s[i] ?? 0;
  return s.length % 2 ? at((s.length - 1) / 2) : Math.round((at(s.length / 2 - 1) + at(s.length / 2)) / 2);
};

/** Runs `once` RUNS times; every numeric field becomes its median, with each run's values kept. */
async function repeated<T extends Record<string, unknown>>(once: () => Promise<T>): Promise<T & { runs: T[] }> {
  const runs: T[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  const first = runs[0] as T;
  const out: Record<string, unknown> = { ...first };
  for (const [key, value] of Object.entries(first)) if (typeof value === 'number') out[key] = median(runs.map((r) => r[key] as number));
  return { ...(out as T), runs };
}

/** JavaScript bytes as sent (compressed) and raw, of every script response from now until `stop()`. */
function watchScripts(page: Page) {
  const sizes: Promise<{ wire: number; raw: number; encoding: string }>[] = [];
  let on = true;
  page.on('response', (response) => {
    if (!on || !(response.headers()['content-type'] ?? '').includes('javascript')) return;
    sizes.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const s = await response.request().sizes().catch(() => ({ responseBodySize: body.length }));
        return { wire: s.responseBodySize, raw: body.length, encoding: response.headers()['content-encoding'] ?? 'identity' };
      })(),
    );
  });
  return async () => {
    on = false;
    const all = await Promise.all(sizes);
    const kb = (n: number) => Math.round(n / 102.4) / 10;
    return { scripts: all.length, wireKb: kb(all.reduce((n, s) => n + s.wire, 0)), rawKb: kb(all.reduce((n, s) => n + s.raw, 0)), encodings: [...new Set(all.map((s) => s.encoding))].join('/') };
  };
}

/**
 * The network is quiet (no new resource for 700 ms). Since the login page became its own small entry
 * (src/boot.ts) nothing of the app loads behind the form: the app's chunks load after the click on 登录.
 */
async function networkQuiet(page: Page) {
  let count = -1;
  for (;;) {
    const now = await page.evaluate('performance.getEntriesByType("resource").length');
    if (now === count) return;
    count = now as number;
    await page.waitForTimeout(700);
  }
}

async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate('Math.round(performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1)');
}

async function loginFormVisible(url: string, isApp: boolean) {
  return cold(async (page) => {
    const loginPath = watchScripts(page);
    const t0 = performance.now();
    // Not `load`: the form shows (index.html's static copy) before the scripts have loaded.
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('input[name="password"]').first().waitFor({ state: 'visible' });
    const ms = Math.round(performance.now() - t0);
    const fcpMs = await firstContentfulPaint(page);
    // The app's own form (its captcha image) has taken the static one over: the login path's scripts.
    const appMs = isApp ? await page.locator('img[alt="验证码"]').waitFor({ state: 'visible' }).then(() => Math.round(performance.now() - t0)) : ms;
    const path = await loginPath();
    // What else loads behind the form before anyone types (since src/boot.ts: nothing).
    const all = watchScripts(page);
    if (isApp) await networkQuiet(page);
    const prefetch = await all();
    return { ms, fcpMs, appMs, scripts: path.scripts, wireKb: path.wireKb, rawKb: path.rawKb, encodings: path.encodings, prefetchScripts: prefetch.scripts, prefetchWireKb: prefetch.wireKb };
  });
}

/** The side menu, the user menu and the workbench's to-dos (counts, or 暂无待办事项) all shown. */
async function shellUsable(page: Page) {
  await page.getByRole('button', { name: '个人中心' }).waitFor({ timeout: 30_000 });
  await page.locator('[role="menuitem"], nav a').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('workbench-todos').getByText(/^\d+$|暂无待办事项/).first().waitFor({ timeout: 30_000 });
}

export async function loginToShell(base: string, path: string, password: string) {
  return cold(async (page) => {
    await page.goto(base + path);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(password);
    await page.locator('img[alt="验证码"]').waitFor();
    await page.locator('input[name="verifyCode"]').fill(CAPTCHA);
    await networkQuiet(page);
    const scripts = watchScripts(page);
    const t0 = performance.now();
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('button', { name: '个人中心' }).waitFor({ timeout: 30_000 });
    const menuMs = Math.round(performance.now() - t0);
    await shellUsable(page);
    const usableMs = Math.round(performance.now() - t0);
    const s = await scripts();
    return { menuMs, usableMs, scripts: s.scripts, wireKb: s.wireKb, rawKb: s.rawKb };
  });
}

async function bareShell(barePort: number) {
  return cold(async (page) => {
    await page.goto(`http://127.0.0.1:${barePort}/shell`);
    const t0 = performance.now();
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByTestId('data').waitFor();
    return { usableMs: Math.round(performance.now() - t0) };
  });
}

async function headersOf(base: string) {
  const html = await fetch(`${base}/admin/`, { headers: { 'accept-encoding': 'br, gzip' } });
  const text = await fetch(`${base}/admin/`).then((r) => r.text());
  // The entry is named in index.html's inline boot script since the fourth pass (vite.config.ts).
  const asset = /["'](\/assets\/index-[^"']+\.js)["']/.exec(text)?.[1] ?? '';
  const js = await fetch(base + asset, { headers: { 'accept-encoding': 'br, gzip' } });
  return {
    indexHtml: { cacheControl: html.headers.get('cache-control'), encoding: html.headers.get('content-encoding') },
    hashedAsset: { path: asset, cacheControl: js.headers.get('cache-control'), encoding: js.headers.get('content-encoding') },
  };
}

/** A deployed server is warm: its first answers (file look-ups, compiled routes) are not the browser's cost. */
async function warmUp(base: string, barePort: number) {
  for (let i = 0; i < 3; i++) {
    const html = await fetch(`${base}/admin/`, { headers: { 'accept-encoding': 'br' } }).then((r) => r.text());
    const files = [...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]);
    await Promise.all(files.map((f) => fetch(base + f, { headers: { 'accept-encoding': 'br' } }).then((r) => r.arrayBuffer())));
    await fetch(`http://127.0.0.1:${barePort}/form`).then((r) => r.text());
  }
}

export async function benchFrontEnd() {
  const server = await startChild<Info>('bench/servers/frontServer.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    await warmUp(base, server.info.barePort);
    // Interleaved per round, so anchor and app see about the same load.
    const staticForm = await repeated(() => loginFormVisible(`http://127.0.0.1:${server.info.barePort}/form`, false));
    const admin = await repeated(() => loginFormVisible(`${base}/admin/`, true));
    const report = await repeated(() => loginFormVisible(`${base}/report/`, true));
    const bare = await repeated(() => bareShell(server.info.barePort));
    const shell = await repeated(() => loginToShell(base, '/admin/', server.info.password));
    return { runs: RUNS, staticForm, admin, report, bareShell: bare, shell, headers: await headersOf(base) };
  } finally {
    await server.stop();
  }
}

export function printFrontEnd(r: Awaited<ReturnType<typeof benchFrontEnd>>) {
  const ratio = (a: number, b: number) => (a / Math.max(b, 1)).toFixed(2);
  console.log(`\nFront end, cold Chromium, median of ${r.runs} runs (goal: login form ≤ 500 ms, shell usable ≤ 1,000 ms after login)`);
  console.log(`static form (anchor)      visible after ${r.staticForm.ms} ms (first contentful paint ${r.staticForm.fcpMs} ms)`);
  for (const [name, f] of [['/admin/ login form', r.admin], ['/report/ login form', r.report]] as const) {
    console.log(`${name.padEnd(25)} visible after ${f.ms} ms (${ratio(f.ms, r.staticForm.ms)}× the static form; first contentful paint ${f.fcpMs} ms, ${ratio(f.fcpMs, r.staticForm.fcpMs)}×), the app's form (captcha shown) after ${f.appMs} ms; login path ${f.scripts} scripts, ${f.wireKb} KB on the wire (${f.rawKb} KB raw, ${f.encodings}); then behind the form ${f.prefetchScripts} scripts, ${f.prefetchWireKb} KB`);
  }
  console.log(`bare page + fetch (anchor) data shown ${r.bareShell.usableMs} ms after the click`);
  console.log(`login → shell (admin)     user menu after ${r.shell.menuMs} ms, usable (side menu, user menu, workbench data) after ${r.shell.usableMs} ms (${ratio(r.shell.usableMs, r.bareShell.usableMs)}× the anchor, ${r.shell.usableMs - r.bareShell.usableMs} ms more); ${r.shell.scripts} more scripts, ${r.shell.wireKb} KB on the wire (${r.shell.rawKb} KB raw)`);
  console.log(`  each run: usable ${r.shell.runs.map((x) => x.usableMs).join(', ')} ms; anchor ${r.bareShell.runs.map((x) => x.usableMs).join(', ')} ms; /admin/ form ${r.admin.runs.map((x) => x.ms).join(', ')} ms; static form ${r.staticForm.runs.map((x) => x.ms).join(', ')} ms`);
  console.log(`headers: index.html ${r.headers.indexHtml.cacheControl} (${r.headers.indexHtml.encoding ?? 'identity'}); ${r.headers.hashedAsset.path} ${r.headers.hashedAsset.cacheControl} (${r.headers.hashedAsset.encoding ?? 'identity'})`);
}
