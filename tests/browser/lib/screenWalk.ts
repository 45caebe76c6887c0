// Walks every linked menu entry of an app shell and measures each screen at several window sizes: used
// by the list-fit test (issue 10). Each screen is opened once and measured at every size by resizing
// the window, so a walk of both apps at two sizes costs one visit per screen. The same visit tells whether
// the screen is broken (页面不存在, an error panel, an uncaught page error): no second walk for that.
import type { Page } from 'playwright-core';
import { clickMenuEntry, expandMenu, watchPageErrors } from './portal';

export interface Size {
  width: number;
  height: number;
}

export interface Measure {
  pageOverflow: number;
  mainOverflow: number;
  search: number;
  toolbar: number;
  paging: number;
  rows: number;
  /** The shared empty state of a list with no records (GenericList's ListEmpty). */
  empty: number;
  /** Row-action cells whose buttons wrapped onto a second line. */
  wrappedActions: number;
  /** Table cells showing a full phone or ID number, and cells showing a masked one (138****1234). */
  fullNumbers: number;
  maskedNumbers: number;
  title: string;
  /** The widest overflow of any scroll box on the page (a table's own wrapper, a dialog…), and which. */
  boxOverflow: number;
  box: string;
  /** Elements reaching past the viewport's left or right edge, and the first of them. */
  wideElements: number;
  wide: string;
  /** The 操作 header cell: absent, or whether it is wholly visible (in the viewport and in its scroll boxes). */
  actions: 'none' | 'visible' | string;
  /** The pager: absent, or whether it is wholly inside the viewport. */
  pager: 'none' | 'visible' | string;
  /** Columns folded out of the table (useColumnFold), and the rows of such tables without a visible expansion control. */
  folded: number;
  unexpandable: number;
  /** The app's 页面不存在 screen, and error panels (NoticeBridge) on screen. */
  notFound: number;
  errorPanels: number;
}

export interface Visit {
  name: string;
  href: string;
  /** Time from the click to the last measure. */
  ms: number;
  /** Uncaught errors of the page from the click to the last measure. */
  errors: string[];
  bySize: { size: Size; measure: Measure }[];
}

/** What the page looks like now (run in the browser). */
function measureInPage(): Measure {
  const doc = document.scrollingElement ?? document.documentElement;
  const main = document.querySelector('main, #main-content') as HTMLElement | null;
  const count = (id: string) => document.querySelectorAll(`main [data-testid="${id}"]`).length;
  const rows = Array.from(document.querySelectorAll('main table tbody tr')).filter((tr) => tr.querySelectorAll('td').length > 1).length;
  // A row-action cell wraps when its buttons sit on more than one line.
  let wrappedActions = 0;
  for (const tr of Array.from(document.querySelectorAll('main table tbody tr'))) {
    const cell = tr.querySelector('td:last-child');
    const buttons = Array.from(cell?.querySelectorAll('button, a') ?? []).map((b) => b.getBoundingClientRect()).filter((r) => r.height > 0);
    // Wrapped: one button lies wholly below another (buttons of different heights on one line overlap).
    if (buttons.some((a) => buttons.some((b) => b.top >= a.bottom - 1))) wrappedActions++;
  }
  const cells = Array.from(document.querySelectorAll('main table tbody td')).map((td) => td.textContent ?? '');
  const fullNumbers = cells.filter((t) => /(^|\D)1[3-9]\d{9}(\D|$)/.test(t) || /(^|\D)\d{17}[\dXx](\D|$)/.test(t)).length;
  const maskedNumbers = cells.filter((t) => /\d{3,4}\*{4,}\d{4}/.test(t)).length;
  const title = (document.querySelector('#react-admin-title')?.textContent ?? '') + (document.querySelector('[data-fallback-title]')?.textContent ?? '');
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${Array.from(el.classList).slice(0, 2).join('.')}`;
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.opacity !== '0';
  };
  // Every scroll box, not only the page: a table in its own wrapper scrolls there.
  let boxOverflow = 0;
  let box = '';
  const all = Array.from(document.body.querySelectorAll('*'));
  for (const el of all) {
    const ox = getComputedStyle(el).overflowX;
    if (ox !== 'auto' && ox !== 'scroll') continue;
    const over = el.scrollWidth - el.clientWidth;
    if (over > boxOverflow) {
      boxOverflow = over;
      box = describe(el);
    }
  }
  let wideElements = 0;
  let wide = '';
  for (const el of all) {
    if (!shown(el) || el.closest('[aria-hidden="true"], .MuiPopover-root, .MuiTooltip-popper')) continue;
    const r = el.getBoundingClientRect();
    // Cut off by a clipping ancestor that itself fits (a cell's ellipsis, an SVG's drawing): not seen.
    const clipped = (): boolean => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const ar = a.getBoundingClientRect();
        if (ar.right <= vw + 1 && ar.left >= -1) return true;
      }
      return false;
    };
    if ((r.right > vw + 1 || r.left < -1) && !clipped()) {
      wideElements++;
      if (!wide) wide = `${describe(el)} ${Math.round(r.left)}–${Math.round(r.right)}`;
    }
  }
  /** Wholly inside the viewport and inside every clipping ancestor. */
  const visibility = (el: Element | null | undefined, vertical: boolean): string => {
    if (!el) return 'none';
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > vw + 1) return `outside ${Math.round(r.left)}–${Math.round(r.right)} of ${vw}`;
    if (vertical && (r.top < -1 || r.bottom > vh + 1)) return `below ${Math.round(r.top)}–${Math.round(r.bottom)} of ${vh}`;
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const ar = a.getBoundingClientRect();
      if (r.left < ar.left - 1 || r.right > ar.right + 1) return `clipped by ${describe(a)}`;
    }
    return 'visible';
  };
  const actionHeader = Array.from(document.querySelectorAll('main thead th')).find((th) => (th.textContent ?? '').trim() === '操作');
  // A folded column hides its cells; its values are in the row's expansion, opened by a visible control on every row.
  let folded = 0;
  let unexpandable = 0;
  for (const table of Array.from(document.querySelectorAll('main table'))) {
    const hidden = Array.from(table.querySelectorAll('thead th')).filter((th) => getComputedStyle(th).display === 'none').length;
    if (!hidden) continue;
    folded += hidden;
    const rowsOf = Array.from(table.querySelectorAll('tbody tr')).filter((tr) => tr.querySelectorAll('td').length > 1);
    unexpandable += rowsOf.filter((tr) => !Array.from(tr.querySelectorAll('.RaDatagrid-expandIcon')).some((el) => el.getBoundingClientRect().width > 0)).length;
  }
  const pagerEl = Array.from(document.querySelectorAll('main [data-testid="list-pagination"]')).find(shown);
  return {
    boxOverflow,
    box,
    wideElements,
    wide,
    actions: visibility(actionHeader, false),
    pager: visibility(pagerEl, true),
    pageOverflow: doc.scrollWidth - doc.clientWidth,
    mainOverflow: main ? main.scrollWidth - main.clientWidth : 0,
    search: count('search-form'),
    toolbar: count('list-toolbar'),
    paging: count('list-pagination'),
    rows,
    empty: count('list-empty'),
    wrappedActions,
    fullNumbers,
    maskedNumbers,
    title: title.trim(),
    folded,
    unexpandable,
    notFound: (document.body.textContent ?? '').includes('页面不存在') ? 1 : 0,
    errorPanels: document.querySelectorAll('[data-testid="notice-panel"]').length,
  };
}

function appBarTitle(): string {
  return (document.querySelector('#react-admin-title')?.textContent ?? '') + (document.querySelector('[data-fallback-title]')?.textContent ?? '');
}

function appBarTitleIsNot(old: string): boolean {
  return (document.querySelector('#react-admin-title')?.textContent ?? '') + (document.querySelector('[data-fallback-title]')?.textContent ?? '') !== old;
}

/** Requests of the page still waiting for an answer (the walk waits for none, instead of a fixed delay). */
function trackRequests(page: Page): () => number {
  let inflight = 0;
  page.on('request', () => inflight++);
  const done = () => (inflight = Math.max(0, inflight - 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inflight;
}

const spinning = () => document.querySelector('main [role="status"] .MuiCircularProgress-root, main .MuiLinearProgress-root, main .MuiSkeleton-root') !== null;

/** Settled: no request in flight and no loading indicator for `quiet` ms in a row; at most `ms`. */
async function settle(page: Page, inflight: () => number, ms: number, quiet = 150) {
  const end = Date.now() + ms;
  let calmSince = 0;
  while (Date.now() < end) {
    const calm = inflight() === 0 && !(await page.evaluate(spinning));
    if (!calm) calmSince = 0;
    else if (!calmSince) calmSince = Date.now();
    else if (Date.now() - calmSince >= quiet) break;
    await page.waitForTimeout(40);
  }
  // One more frame so the layout (column widths, wrapped buttons) is final.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The linked menu entries of the shell on screen, in menu order. */
export async function menuLinks(page: Page): Promise<{ name: string; href: string }[]> {
  // Groups start collapsed except the current one's; the walk opens them (again, after leaving one).
  await expandMenu(page);
  return page.getByRole('menuitem').evaluateAll((items) =>
    items.map((a) => ({ name: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' })).filter((l) => l.href.startsWith('#/')),
  );
}

/** Opens every menu entry by clicking it, as a person would, and measures the screen at each size. */
export async function walkScreens(page: Page, sizes: readonly [Size, ...Size[]], shoot?: (name: string, index: number, size: Size) => string): Promise<Visit[]> {
  const visits: Visit[] = [];
  const inflight = trackRequests(page);
  const errors = watchPageErrors(page);
  // Each screen is measured first at the size the last one left: resizing before the click re-laid out the
  // screen being left for nothing (one render of every screen in three; session 38).
  let current: Size = sizes[0];
  await page.setViewportSize(current);
  for (const [index, link] of (await menuLinks(page)).entries()) {
    const errorsBefore = errors.length;
    const started = Date.now();
    const before = await page.evaluate(() => location.hash);
    const titleBefore = await page.evaluate(appBarTitle);
    await clickMenuEntry(page, link.name);
    // Alias routes redirect to their spec route: any change of route will do.
    if (before !== link.href) {
      await page.waitForURL((url) => url.hash !== before, { timeout: 2000 }).catch(() => undefined);
      // The previous screen may stay while the next one loads: wait for the app bar to name another one.
      await page.waitForFunction(appBarTitleIsNot, titleBefore, { timeout: 1500, polling: 50 }).catch(() => undefined);
    }
    await settle(page, inflight, 8000);
    // In the order of `sizes`, whichever was measured first.
    const bySize: Visit['bySize'] = [];
    for (const size of [current, ...sizes.filter((s) => s !== current)]) {
      if (size !== current) {
        await page.setViewportSize(size);
        await settle(page, inflight, 1000, 60);
        current = size;
      }
      bySize[sizes.indexOf(size)] = { size, measure: await page.evaluate(measureInPage) };
      if (shoot) await page.screenshot({ path: shoot(link.name, index, size) });
    }
    visits.push({ ...link, ms: Date.now() - started, bySize, errors: errors.slice(errorsBefore) });
    if (process.env.WALK_DEBUG) console.log(link.name, link.href, Date.now() - started, JSON.stringify(bySize.map((b) => b.measure)));
  }
  return visits;
}
