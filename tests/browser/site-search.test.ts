import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers/testServer';
import { axeViolations } from './lib/axe';
import { contrastRatio, relativeLuminance } from '../lib/wcagContrast';
import { startPortal, watchPageErrors, type Portal } from './lib/portal';

// The public search page (pages/search.html, js/site-search.js; issue 25): relevance and time order, pinyin,
// traditional characters and corrections, synonyms, facets that narrow, service entries, suggestions as
// the citizen types, result titles one level under the page heading, and no layout shift.
let portal: Portal;
let page: Page;
let errors: string[];
let site: string;
let token: string;

async function api<T>(path: string, body: unknown = {}, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const r = await call<T>(portal.server.url, path, { token, body: method === 'POST' ? body : undefined, method });
  expect(r.body.errorCode, `${path}: ${r.body.errorMsg}`).toBe('0');
  return r.body.data;
}

/** Relative luminance of a computed `rgb(…)` colour. */
function luminanceOf(css: string): number {
  const [r = 0, g = 0, b = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  return relativeLuminance(r, g, b);
}

async function generateSite() {
  await api('/api/generate/site');
  for (let i = 0; i < 600; i++) {
    const s = await api<{ running: boolean; error: string | null }>('/api/generate/progress', {}, 'GET');
    if (!s.running) return expect(s.error).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('generation did not finish');
}

const titles = () => page.locator('.search-hit h2').allTextContents();
async function searchFor(keyword: string) {
  await page.goto(`${site}search.html`);
  await page.locator('#s-keyword').fill(keyword);
  await page.locator('form.js-site-search').getByRole('button', { name: '搜索' }).click();
  await page.waitForURL(/search\.html\?keyword=/);
  await page.locator('.search-results [role="status"]').waitFor();
}

beforeAll(async () => {
  portal = await startPortal();
  site = `${portal.server.url}/site/`;
  const r = await call<{ value: string }>(portal.server.url, '/user/loginNoCode', { query: { username: 'admin', password: portal.server.adminPassword } });
  token = r.body.data.value;
  const cols = await api<{ categoryId: number; categoryTitle: string }[]>('/column/list', undefined, 'GET');
  const news = cols.find((c) => c.categoryTitle === '政务要闻')?.categoryId;
  const old = new Date(Date.now() - 500 * 86_400_000).toISOString().slice(0, 10) + ' 09:00:00';
  await api('/api/article/save/admin', { columnId: news, status: 5, title: '浏览器测试医保报销指南', content: '<p>医保报销所需材料。</p>', publishTime: old });
  await api('/api/article/save/admin', { columnId: news, status: 5, title: '浏览器测试常务会议', content: '<p>会议提到医保工作。</p>' });
  await api('/api/article/save/admin', { columnId: news, status: 5, title: '浏览器测试医疗保障局宣传月', content: '<p>宣传活动。</p>' });
  await generateSite();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await portal?.close();
});

describe('the public search page', () => {
  it('switches from relevance to time; result titles are h2 under the h1', async () => {
    await searchFor('浏览器测试医保');
    expect(await titles()).toHaveLength(3);
    expect(await page.locator('h1').count()).toBe(1);
    await page.getByLabel('排序').selectOption('time');
    await page.locator('form.js-site-search').getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(/sortType=time/);
    // Newest first: the 500-day-old guide is last.
    await expect.poll(async () => (await titles())[2]).toContain('医保报销指南');
    await page.screenshot({ path: 'test-results/site-search-time.png', fullPage: true });
  });

  // A synonym spelt with more characters (医疗保障 for 医保) matches more index bigrams; ranking weighs each
  // alternative by its bigram count and the typed word above its synonyms (understanding/matchExpr.ts).
  it('by relevance, the title holding the whole typed keyword comes first, although it is the oldest', async () => {
    await searchFor('浏览器测试医保');
    expect((await titles())[0]).toContain('医保报销指南');
  });

  it('pinyin, traditional characters and wrong characters are understood', async () => {
    await searchFor('yibao');
    await expect.poll(() => page.locator('.did-you-mean').textContent()).toContain('已按“医保”搜索（拼音）');
    await searchFor('醫保');
    await expect.poll(() => page.locator('.did-you-mean').textContent()).toContain('繁体');
    await searchFor('医宝');
    await expect.poll(() => page.locator('.did-you-mean').textContent()).toContain('医保');
    expect(await page.locator('.search-hit').count()).toBeGreaterThan(0);
  });

  it('synonyms: 医保 also finds 医疗保障', async () => {
    await searchFor('医保');
    await expect.poll(() => page.locator('.search-hit').count()).toBeGreaterThan(0);
    await page.goto(`${site}search.html?keyword=${encodeURIComponent('医保')}&sortType=time&pageSize=50`);
    await page.locator('.search-results [role="status"]').waitFor();
    const all = await page.locator('.search-results').textContent();
    expect(all).toContain('医疗保障');
  });

  it('facets count beside the results and a click narrows the search', async () => {
    await searchFor('浏览器测试');
    const year = page.locator('.facets').getByRole('link', { name: /\d{4}年/ }).last();
    const label = (await year.textContent()) ?? '';
    const count = Number(/年(\d+)$/.exec(label.replace(/\s/g, ''))?.[1]);
    await year.click();
    await page.waitForURL(/year=\d{4}/);
    await expect.poll(() => page.locator('.search-results [role="status"]').textContent()).toBe(`共找到 ${count} 条结果`);
    // The narrowed page passes axe, and the chosen year's count reads on its red (it was the page's grey on it,
    // session 36, which axe leaves as "incomplete": a link's own background).
    expect(await axeViolations(page)).toEqual([]);
    const chosen = page.locator('.facets a[aria-current="true"]', { hasText: /\d{4}年/ });
    const [fg, bg] = await chosen.evaluate((a) => [getComputedStyle(a.querySelector('.meta-line') as Element).color, getComputedStyle(a).backgroundColor]);
    expect(contrastRatio(luminanceOf(fg), luminanceOf(bg))).toBeGreaterThanOrEqual(4.5);
    await page.screenshot({ path: 'test-results/site-search-facets.png', fullPage: true });
  });

  it('a service entry shows above the results of 社保', async () => {
    await searchFor('社保');
    await expect.poll(() => page.locator('.services').textContent()).toContain('社会保险参保缴费');
    await page.screenshot({ path: 'test-results/site-search-services.png' });
  });

  it('suggests keywords as the citizen types', async () => {
    await page.goto(`${site}search.html`);
    await page.locator('#s-keyword').pressSequentially('医保', { delay: 50 });
    await expect.poll(() => page.locator('#s-suggest option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toContain('医保缴费');
  });

  it('no layout shift while the results load', async () => {
    await page.goto(`${site}search.html?keyword=${encodeURIComponent('医保')}`);
    await page.locator('.search-results [role="status"]').waitFor();
    const cls = await page.evaluate(() => new Promise<number>((resolve) => {
      let sum = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) sum += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => resolve(sum), 500);
    }));
    expect(cls).toBeLessThan(0.1);
    expect(errors).toEqual([]);
  });
});

// 热门搜索 is the heading of the enabled hot words: with none enabled the page shows no empty heading (nor an
// empty 热词： line in the header), on the desk, on a phone and in the elderly mode; one enabled word brings both back.
describe('the hot words on the search page', () => {
  type Word = { id: number; word: string; status: number };
  const hotHeading = (p: Page) => p.getByRole('heading', { name: '热门搜索' });
  async function setAllHotWords(status: 0 | 1, only?: string) {
    const list = await api<{ list: Word[] }>('/hotWord/list', { pageNum: 1, pageSize: 100 });
    for (const w of list.list) {
      const want = only === undefined || w.word === only ? status : 0;
      if (w.status !== want) await api('/hotWord/add', { id: w.id, status: want });
    }
    return list.list;
  }
  /** WCAG contrast ratio between an element's text colour and the first opaque background behind it. */
  const contrastOf = (l: ReturnType<Page['locator']>) => l.evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    let bg = [255, 255, 255];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && (c[3] ?? 0) > 0)) {
        bg = c.slice(0, 3);
        break;
      }
    }
    const channel = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    const lum = (c: number[]) => 0.2126 * channel(c[0] ?? 0) + 0.7152 * channel(c[1] ?? 0) + 0.0722 * channel(c[2] ?? 0);
    const [light, dark] = [lum(rgb(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  });
  async function views() {
    const phone = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const shown: { view: string; page: Page }[] = [{ view: 'desk', page }, { view: 'phone', page: phone }];
    return { shown, close: () => phone.close() };
  }

  it('no 热门搜索 heading while no hot word is enabled; back with one enabled', async () => {
    const words = await setAllHotWords(0);
    expect(words.length).toBeGreaterThan(0);
    expect(await call<unknown[]>(portal.server.url, '/web/hotWord/list').then((r) => r.body.data)).toEqual([]);
    await generateSite();
    const { shown, close } = await views();
    for (const { view, page: p } of shown) {
      for (const elder of [0, 1]) {
        await p.goto(`${site}search.html?elder=${elder}`);
        await p.locator('#s-keyword').waitFor();
        expect(await p.evaluate(() => document.documentElement.classList.contains('elder')), `${view} elder=${elder}`).toBe(elder === 1);
        expect(await hotHeading(p).count(), `${view} elder=${elder}`).toBe(0);
        expect(await p.locator('.hot-words').count(), `${view} elder=${elder}`).toBe(0);
        await p.screenshot({ path: `test-results/site-search-no-hot-${view}${elder ? '-elder' : ''}.png`, fullPage: true });
      }
    }
    const one = words[0]!.word;
    await setAllHotWords(1, one);
    await generateSite();
    for (const { view, page: p } of shown) {
      for (const elder of [0, 1]) {
        await p.goto(`${site}search.html?elder=${elder}`);
        await expect.poll(() => hotHeading(p).count(), { message: `${view} elder=${elder}` }).toBe(1);
        expect(await p.locator('.site-search .hot-list a').allTextContents()).toEqual([one]);
        // Readable under its heading: the header's white hot-word colour once reached this list (white on white).
        expect(await contrastOf(p.locator('.site-search .hot-list a')), `${view} elder=${elder}`).toBeGreaterThanOrEqual(4.5);
        await p.screenshot({ path: `test-results/site-search-one-hot-${view}${elder ? '-elder' : ''}.png`, fullPage: true });
      }
    }
    await close();
    expect(errors).toEqual([]);
  });
});
