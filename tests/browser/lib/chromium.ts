// Debian's Chromium driven by playwright-core; never a downloaded browser. The flags keep it off the
// network (this machine has none) and working as root.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's `chromium`: the browser people run. The bench's front-end figures are measured in it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What the tests drive: Debian's `chromium-headless-shell` (built from the same Chromium source package, the same
 * Blink and V8, without the desktop browser's own layers), else `chromium`. Measured in session 38: a login and
 * three admin screens cost 16 s of Chromium's CPU instead of 25 s; the 33 browser files 1,076 s of the machine's
 * CPU instead of 1,184 (docs/performance.md, "The test run, session 38"); Chromium uses the run's CPU most.
 * CHROMIUM_PATH=/usr/bin/chromium runs the tests in the full browser, and they pass there too.
 */
export const testChromiumPath = process.env.CHROMIUM_PATH ?? ['/usr/lib/chromium/chromium-headless-shell', chromiumPath].find((p) => existsSync(p)) ?? chromiumPath;

export function launchChromium(executablePath = chromiumPath): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

let shared: Promise<Browser> | null = null;

/**
 * One Chromium for all the files a test process runs (the browser project runs them one after another in one
 * worker, vitest.config.ts): a launch and its close cost about 2.4 s of CPU (measured: ten launches, 24 s of
 * Chromium's CPU), paid 37 times a run before. A browser that died is launched again; Playwright ends it with
 * the process.
 */
async function sharedChromium(): Promise<Browser> {
  const running = shared ? await shared.catch(() => null) : null;
  if (running?.isConnected()) return running;
  shared = launchChromium(testChromiumPath);
  return shared;
}

/**
 * The shared Chromium as a browser of one's own: the contexts (and the pages' contexts) opened through it are
 * closed by `close()`, and only those; the browser stays for the next file. Contexts share nothing (cookies,
 * storage, cache), so files stay as apart as with a browser each.
 */
export async function ownChromium(): Promise<Browser> {
  const browser = await sharedChromium();
  const opened = new Set<BrowserContext>();
  const closeOwn = async () => {
    const now = [...opened];
    opened.clear();
    await Promise.all(now.map((c) => c.close().catch(() => undefined)));
  };
  return new Proxy(browser, {
    get(target, key) {
      if (key === 'newContext')
        return async (...args: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...args);
          opened.add(context);
          return context;
        };
      if (key === 'newPage')
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args);
          opened.add(page.context());
          return page;
        };
      if (key === 'close') return closeOwn;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
