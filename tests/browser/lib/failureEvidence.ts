// What a failed browser test leaves to look at (a CI log alone does not show why a dialog never opened):
// each page's screenshot, its address, the requests still in flight and its last console lines, under
// test-results/failures/. Only on failure: a passing run writes nothing here.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { TestContext } from 'vitest';

interface Watch {
  inFlight: Set<string>;
  console: string[];
}
const watched = new WeakMap<Page, Watch>();

/** Starts keeping a page's requests in flight and its console lines (called when the page is opened). */
export function watchPage(page: Page): void {
  const w: Watch = { inFlight: new Set(), console: [] };
  watched.set(page, w);
  const key = (r: { method(): string; url(): string }) => `${r.method()} ${r.url()}`;
  page.on('request', (r) => w.inFlight.add(key(r)));
  page.on('requestfinished', (r) => w.inFlight.delete(key(r)));
  page.on('requestfailed', (r) => {
    w.inFlight.delete(key(r));
    w.console.push(`request failed: ${key(r)} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('console', (m) => w.console.push(`${m.type()}: ${m.text()}`.slice(0, 500)));
  page.on('pageerror', (e) => w.console.push(`pageerror: ${e.message}`));
}

/** An `afterEach` hook: on a failed test, the evidence of each named page. */
export function evidenceOnFailure(pages: () => Record<string, Page | undefined>) {
  return async (ctx: TestContext): Promise<void> => {
    if (ctx.task.result?.state !== 'fail') return;
    const dir = 'test-results/failures';
    mkdirSync(dir, { recursive: true });
    const base = ctx.task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
    for (const [name, page] of Object.entries(pages())) {
      if (!page || page.isClosed()) continue;
      await page.screenshot({ path: `${dir}/${base}-${name}.png` }).catch(() => undefined);
      const w = watched.get(page);
      const text = [`url: ${page.url()}`, 'in flight:', ...(w ? [...w.inFlight] : []), 'console (last 40):', ...(w?.console.slice(-40) ?? [])];
      writeFileSync(`${dir}/${base}-${name}.txt`, `${text.join('\n')}\n`);
      process.stdout.write(`failure evidence: ${dir}/${base}-${name}.png / .txt\n${text.slice(0, 30).join('\n')}\n`);
    }
  };
}
