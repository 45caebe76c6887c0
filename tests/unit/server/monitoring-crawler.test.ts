import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { crawl, extractLinks } from '../../../server/modules/monitoring/crawler.js';
import { folderSource, type PageSource } from '../../../server/modules/monitoring/pageSources.js';
import { defaultLimitDays, guessRole, limitDaysOf, roleOf } from '../../../server/modules/monitoring/columnKinds.js';

// The crawler over in-memory page sources: no network at all.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A site of `n` pages, each linking to every other page and to one missing page; records request times. */
function fakeSite(n: number, delayMs: number) {
  let active = 0;
  let maxActive = 0;
  const times: number[] = [];
  const source: PageSource = {
    async fetch(url) {
      active += 1;
      maxActive = Math.max(maxActive, active);
      times.push(Date.now());
      await sleep(delayMs);
      active -= 1;
      const m = /\/p(\d+)\.html$/.exec(url.pathname);
      if (!m || Number(m[1]) >= n) return { status: 404, html: null };
      const links = Array.from({ length: n }, (_, i) => `<a href="/p${i}.html">${i}</a>`).join('') + '<a href="/missing.html">x</a><a href="https://other.example/">off</a>';
      return { status: 200, html: `<html><body>${links}</body></html>` };
    },
  };
  return { source, maxActive: () => maxActive, times };
}

describe('link crawler', () => {
  it('stops at once when its signal aborts (the server closing) and says so', async () => {
    const site = fakeSite(40, 20);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 60);
    const r = await crawl({ startUrl: 'http://site.test/p0.html', source: site.source, maxPages: 50, concurrency: 1, perHostDelayMs: 0, timeLimitMs: 60_000, checkExternal: false, signal: stop.signal });
    expect(r.stopped).toBe(true);
    // At once: the abort (due at 60 ms) comes among the first requests' 20 ms timers, which fire in order however
    // late a loaded machine runs them; a crawl to the end makes 41. Was a 1 s wall-clock bound, which a whole
    // crawl (41 × 20 ms) also met.
    expect(site.times.length).toBeLessThanOrEqual(10);
  });

  it('reads each page once, reports a broken link with its page, lists off-site links', async () => {
    const site = fakeSite(4, 1);
    const r = await crawl({ startUrl: 'http://site.test/p0.html', source: site.source, maxPages: 50, concurrency: 8, perHostDelayMs: 0, timeLimitMs: 10_000, checkExternal: false });
    expect(r.pages).toBe(4);
    expect(site.times).toHaveLength(5); // 4 pages + the missing one, each requested once
    const broken = r.findings.filter((f) => f.broken);
    expect(new Set(broken.map((f) => f.linkUrl))).toEqual(new Set(['http://site.test/missing.html']));
    expect(broken.find((f) => f.onHome)?.pageUrl).toBe('http://site.test/p0.html');
    expect(r.findings.filter((f) => f.external).every((f) => !f.broken && f.linkUrl === 'https://other.example/')).toBe(true);
  });

  it('keeps to its concurrency and waits between two requests to one host', async () => {
    // On a fake clock: the crawler reads the time before a request and the site when it arrives; on a real one a
    // loaded machine's pause between those two reads shortened a measured gap (26 ms of 30 in CI).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const site = fakeSite(6, 5);
      const done = crawl({ startUrl: 'http://site.test/p0.html', source: site.source, maxPages: 50, concurrency: 2, perHostDelayMs: 30, timeLimitMs: 10_000, checkExternal: false });
      await vi.runAllTimersAsync();
      const r = await done;
      expect(r.pages).toBe(6);
      expect(site.times).toHaveLength(7); // 6 pages and the missing one
      expect(site.maxActive()).toBe(1); // one host and a pause longer than a request: one at a time
      const gaps = site.times.slice(1).map((t, i) => t - (site.times[i] as number));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(30);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops at its time limit and keeps what it found', async () => {
    const site = fakeSite(40, 20);
    const started = Date.now();
    const r = await crawl({ startUrl: 'http://site.test/p0.html', source: site.source, maxPages: 100, concurrency: 4, perHostDelayMs: 0, timeLimitMs: 150, checkExternal: false });
    expect(r.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(r.pages).toBeLessThan(40);
  });

  it('extracts http links only, resolved against the page', () => {
    const links = extractLinks('<a href="a.html#x">a</a><a href="mailto:x@y">m</a><img src="/i.png"><a href="javascript:void 0">j</a><a href="#top">t</a>', new URL('http://s.test/dir/page.html'));
    expect(links.map((u) => u.href)).toEqual(['http://s.test/dir/a.html', 'http://s.test/i.png']);
  });

  it('reads our generated site from its folder and never outside it', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'site-'));
    await fs.mkdir(path.join(root, 'column', '3'), { recursive: true });
    await fs.writeFile(path.join(root, 'index.html'), '<a href="/column/3/">c</a><a href="/gone.html">g</a><a href="/../../etc/passwd">p</a>');
    await fs.writeFile(path.join(root, 'column', '3', 'index.html'), '<a href="/index.html">home</a>');
    const offline: PageSource = { fetch: async () => ({ status: null, error: 'offline' }) };
    const r = await crawl({ startUrl: 'http://www.site.test/index.html', source: folderSource(root, 'http://www.site.test', offline), maxPages: 10, concurrency: 2, perHostDelayMs: 0, timeLimitMs: 5_000, checkExternal: false });
    expect(r.pages).toBe(2);
    expect(r.findings.filter((f) => f.broken).map((f) => f.linkUrl).sort()).toEqual(['http://www.site.test/etc/passwd', 'http://www.site.test/gone.html']);
  });
});

describe('column update limits', () => {
  it('come from the declared role, the column setting first; the title is only a one-time proposal', () => {
    expect([guessRole('政务要闻'), guessRole('通知公告'), guessRole('政策文件'), guessRole('信息公开指南')]).toEqual(['news', 'notice', 'policy', 'disclosureGuide']);
    expect([defaultLimitDays('部门动态'), defaultLimitDays('通知公告'), defaultLimitDays('政策解读')]).toEqual([14, 180, 180]);
    expect(limitDaysOf({ columnRole: 'news', updateLimitDays: 30 })).toBe(30);
    expect(limitDaysOf({ columnRole: 'news', updateLimitDays: null })).toBe(14);
    expect(limitDaysOf({ columnRole: 'notice', updateLimitDays: null })).toBe(180);
    expect(limitDaysOf({ columnRole: 'disclosureGuide', updateLimitDays: null })).toBeNull();
    // A column titled like a notice column but declared news is held to the news rule.
    expect(roleOf({ columnRole: null })).toBe('news');
    expect(roleOf({ columnRole: 'bogus' })).toBe('news');
  });
});
