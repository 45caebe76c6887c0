// Lighthouse (npm lighthouse, pinned to 12.2.3: 13 wants Node 22) on /usr/bin/chromium, mobile and desktop.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export interface Scores {
  accessibility: number;
  'best-practices': number;
  seo: number;
  performance: number;
  /** The failing audits of the scored categories (title), to fix what keeps a score down. */
  failing: string[];
}

const CATEGORIES = ['accessibility', 'best-practices', 'seo', 'performance'] as const;

export async function withChrome<T>(fn: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    return await fn(chrome.port);
  } finally {
    chrome.kill();
  }
}

export async function score(port: number, url: string, form: 'mobile' | 'desktop'): Promise<Scores> {
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  const failing: string[] = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 0.9) failing.push(`${c}: ${a.id}`);
    }
  }
  const pct = (c: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  return { accessibility: pct('accessibility'), 'best-practices': pct('best-practices'), seo: pct('seo'), performance: pct('performance'), failing };
}
