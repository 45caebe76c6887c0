// Front-end benchmark (`npm run bench`, part "front"), cold Chromium each time, on the built front end:
// login form visible (beside a static form of the same run), login → shell usable (user menu shown and
// the network quiet: menu and first screen's data), bytes of JavaScript on the wire, and the caching and
// compression headers of a hashed asset and of index.html.
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/browser/lib/chromium';
import { startChild } from './lib/child';

interface Info { port: number; barePort: number; password: string }
const CAPTCHA = 'AbC7';

async function cold<T>(work: (page: Page) => Promise<T>): Promise<T> {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    return await work(page);
  } finally {
    await browser.close();
  }
}

/** JavaScript bytes as sent (compressed) and raw, of every script response so far. */
function watchScripts(page: Page) {
  const sizes: Promise<{ wire: number; raw: number; encoding: string }>[] = [];
  page.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
    sizes.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const s = await response.request().sizes().catch(() => ({ responseBodySize: body.length }));
        return { wire: s.responseBodySize, raw: body.length, encoding: response.headers()['content-encoding'] ?? 'identity' };
      })(),
    );
  });
  return async () => {
    const all = await Promise.all(sizes);
    return { scripts: all.length, wireKb: Math.round(all.reduce((n, s) => n + s.wire, 0) / 102.4) / 10, rawKb: Math.round(all.reduce((n, s) => n + s.raw, 0) / 102.4) / 10, encodings: [...new Set(all.map((s) => s.encoding))] };
  };
}

async function loginFormVisible(url: string) {
  return cold(async (page) => {
    const scripts = watchScripts(page);
    const t0 = performance.now();
    // Not `load`: the form may show (index.html's static copy) before the scripts have loaded.
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('input[name="password"]').first().waitFor({ state: 'visible' });
    const ms = Math.round(performance.now() - t0);
    // The app's own form (its captcha image) has taken the static one over.
    const captcha = page.locator('img[alt="验证码"]');
    const appMs = (await captcha.count()) || url.endsWith('/form') ? ms : await captcha.waitFor({ state: 'visible' }).then(() => Math.round(performance.now() - t0));
    await page.waitForLoadState('networkidle');
    return { ms, appMs, ...(await scripts()) };
  });
}

async function loginToShell(base: string, path: string, password: string) {
  return cold(async (page) => {
    await page.goto(base + path);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(password);
    await page.locator('img[alt="验证码"]').waitFor();
    await page.locator('input[name="verifyCode"]').fill(CAPTCHA);
    await page.waitForLoadState('networkidle');
    const scripts = watchScripts(page);
    const t0 = performance.now();
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('button', { name: '个人中心' }).waitFor({ timeout: 30_000 });
    const menuMs = Math.round(performance.now() - t0);
    await page.waitForLoadState('networkidle');
    const quietMs = Math.round(performance.now() - t0);
    return { menuMs, usableMs: quietMs, ...(await scripts()) };
  });
}

async function headersOf(base: string) {
  const html = await fetch(`${base}/admin/`, { headers: { 'accept-encoding': 'br, gzip' } });
  const text = await fetch(`${base}/admin/`).then((r) => r.text());
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(text)?.[1] ?? '';
  const js = await fetch(base + asset, { headers: { 'accept-encoding': 'br, gzip' } });
  return {
    indexHtml: { cacheControl: html.headers.get('cache-control'), encoding: html.headers.get('content-encoding') },
    hashedAsset: { path: asset, cacheControl: js.headers.get('cache-control'), encoding: js.headers.get('content-encoding') },
  };
}

export async function benchFrontEnd() {
  const server = await startChild<Info>('bench/servers/frontServer.ts');
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const staticForm = await loginFormVisible(`http://127.0.0.1:${server.info.barePort}/form`);
    const admin = await loginFormVisible(`${base}/admin/`);
    const report = await loginFormVisible(`${base}/report/`);
    const shell = await loginToShell(base, '/admin/', server.info.password);
    return { staticForm, admin, report, shell, headers: await headersOf(base) };
  } finally {
    await server.stop();
  }
}

export function printFrontEnd(r: Awaited<ReturnType<typeof benchFrontEnd>>) {
  console.log('\nFront end, cold Chromium (goal: login form ≤ 500 ms, shell usable ≤ 1,000 ms after login)');
  console.log(`static form (anchor)      visible after ${r.staticForm.ms} ms`);
  for (const [name, f] of [['/admin/ login form', r.admin], ['/report/ login form', r.report]] as const) {
    console.log(`${name.padEnd(25)} visible after ${f.ms} ms (${(f.ms / Math.max(r.staticForm.ms, 1)).toFixed(2)}× the static form), the app's form (captcha shown) after ${f.appMs} ms; ${f.scripts} scripts, ${f.wireKb} KB on the wire (${f.rawKb} KB raw, ${f.encodings.join('/')})`);
  }
  console.log(`login → shell (admin)     user menu after ${r.shell.menuMs} ms, network quiet (menu + first screen's data) after ${r.shell.usableMs} ms; ${r.shell.scripts} more scripts, ${r.shell.wireKb} KB on the wire (${r.shell.rawKb} KB raw)`);
  console.log(`headers: index.html ${r.headers.indexHtml.cacheControl} (${r.headers.indexHtml.encoding ?? 'identity'}); ${r.headers.hashedAsset.path} ${r.headers.hashedAsset.cacheControl} (${r.headers.hashedAsset.encoding ?? 'identity'})`);
}
