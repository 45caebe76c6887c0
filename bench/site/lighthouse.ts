// Lighthouse (npm lighthouse, pinned to 12.2.3: 13 wants Node 22) on /usr/bin/chromium, mobile and desktop.
import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

/**
 * What a page asks of the browser, beside the scores. Bytes, requests, render-blocking resources and the
 * layout shift do not depend on the machine; the main-thread times (and so TBT and the performance score)
 * do — Lighthouse's simulated throttling multiplies the CPU time it observed, and a loaded machine
 * observes more of it (docs/performance.md "Public site").
 */
export interface Inputs {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  requests: number;
  renderBlocking: number;
  mainThreadMs: number;
  jsBootupMs: number;
}

export interface Scores {
  accessibility: number;
  'best-practices': number;
  seo: number;
  performance: number;
  /** The failing audits of the scored categories (title), to fix what keeps a score down. */
  failing: string[];
  inputs: Inputs;
}

const CATEGORIES = ['accessibility', 'best-practices', 'seo', 'performance'] as const;

export async function withChrome<T>(fn: (port: number) => Promise<T>): Promise<T> {
  // The browser tests' prerequisites: without a CJK font every Chinese glyph goes through font fallback,
  // which is neither what a citizen's phone does nor what earlier figures were taken with.
  execFileSync('bash', ['scripts/ensure-chromium.sh'], { stdio: 'inherit' });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    return await fn(chrome.port);
  } finally {
    chrome.kill();
  }
}

type Audits = Record<string, { numericValue?: number; details?: unknown } | undefined>;

function inputsOf(audits: Audits): Inputs {
  const n = (id: string) => Math.round((audits[id]?.numericValue ?? 0) * (id === 'cumulative-layout-shift' ? 1000 : 1)) / (id === 'cumulative-layout-shift' ? 1000 : 1);
  const items = (id: string) => ((audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []).length;
  return {
    fcpMs: n('first-contentful-paint'),
    lcpMs: n('largest-contentful-paint'),
    tbtMs: n('total-blocking-time'),
    cls: n('cumulative-layout-shift'),
    bytes: n('total-byte-weight'),
    requests: items('network-requests'),
    renderBlocking: items('render-blocking-resources'),
    mainThreadMs: n('mainthread-work-breakdown'),
    jsBootupMs: n('bootup-time'),
  };
}

export async function score(port: number, url: string, form: 'mobile' | 'desktop', categories: readonly (typeof CATEGORIES)[number][] = CATEGORIES): Promise<Scores> {
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...categories] };
  // A trace that failed to record (NO_NAVSTART on a busy machine) is run once more.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
    if (lhr.runtimeError && attempt < 2) continue;
    const failing: string[] = [];
    for (const c of categories) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 0.9) failing.push(`${c}: ${a.id}`);
      }
    }
    const pct = (c: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    return { accessibility: pct('accessibility'), 'best-practices': pct('best-practices'), seo: pct('seo'), performance: pct('performance'), failing, inputs: inputsOf(lhr.audits as Audits) };
  }
}
