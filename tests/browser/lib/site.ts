// The generated public site in browser tests: staff's token for set-up calls, a full generation run, and
// the layout checks of the citizen pages (issue 24).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { setPublicLimits } from '../../../server/public/guard.js';
import { call } from '../../api/helpers/testServer';
import { watchPage } from './failureEvidence';
import type { Portal } from './portal';

export interface Staff {
  api<T>(path: string, body?: unknown, method?: 'GET' | 'POST'): Promise<T>;
}

/** Logs the admin in over the API (set-up only: what a test checks goes through the pages). */
export async function staffApi(portal: Portal): Promise<Staff> {
  const r = await call<{ value: string }>(portal.server.url, '/user/loginNoCode', { query: { username: 'admin', password: portal.server.adminPassword } });
  const token = r.body.data.value;
  return {
    async api<T>(path: string, body: unknown = {}, method: 'GET' | 'POST' = 'POST'): Promise<T> {
      const res = await call<T>(portal.server.url, path, { token, body: method === 'POST' ? body : undefined, method });
      expect(res.body.errorCode, `${path}: ${res.body.errorMsg}`).toBe('0');
      return res.body.data;
    },
  };
}

/** Runs 生成全站 and waits for it. */
export async function generateSite(staff: Staff): Promise<void> {
  await staff.api('/api/generate/site');
  for (let i = 0; i < 1200; i++) {
    const s = await staff.api<{ running: boolean; error: string | null }>('/api/generate/progress', {}, 'GET');
    if (!s.running) return expect(s.error).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('generation did not finish');
}

/** One browser sends many submissions from one address in these tests. */
export function liftPublicLimits(portal: Portal): void {
  for (const kind of ['mail', 'survey', 'suggest', 'suggest-query', 'advice', 'advice-query', 'apply', 'apply-query', 'apply-proof', 'qaAssess', 'theme:bbs', 'peopleLogin', 'industrial', 'industrial-query'])
    setPublicLimits(portal.server.app, kind, { perWindow: 1000, perDay: 1000 });
}

/**
 * Layout where it matters: nothing wider than the viewport, and every radio button or check box inside
 * its label's row (vertically overlapping it, and no further than 40 px to its left).
 */
export async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw) out.push(`page ${document.documentElement.scrollWidth}px wide > ${vw}px`);
    document.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]').forEach((input) => {
      const box = input.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return; // hidden (another tab)
      const label = input.id ? document.querySelector<HTMLElement>(`label[for="${input.id}"]`) : input.closest('label');
      if (!label) return void out.push(`#${input.id || input.name}: no label`);
      const l = label.getBoundingClientRect();
      const sameRow = box.bottom > l.top && box.top < l.bottom;
      const beside = l.left - box.right >= -1 && l.left - box.right <= 40;
      if (!sameRow || !beside) out.push(`#${input.id || input.name}: input (${Math.round(box.left)},${Math.round(box.top)}) not beside its label (${Math.round(l.left)},${Math.round(l.top)})`);
    });
    return out;
  });
}

/** A citizen's phone (390×844, touch) and a staff desktop (1366×768), both recording uncaught page errors into `errors`. */
export async function phoneAndDesk(portal: Portal, errors: string[]): Promise<{ phone: Page; desk: Page }> {
  const phone = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const desk = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  for (const page of [phone, desk]) {
    page.on('pageerror', (e) => errors.push(e.message));
    watchPage(page);
  }
  return { phone, desk };
}
