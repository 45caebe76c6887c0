// @vitest-environment jsdom
// (The skin's search script runs against a DOM; the other server units run without one: vitest.config.ts.)
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// The default skin's search page script (js/search.js): the count line, with the capped total
// (totalCapped, docs/search-and-reports.md) shown as "1000+". The scripts run as the browser would run them.
const SKIN = path.resolve(__dirname, '../../../server/modules/system/templates/defaultSkin/default/js');
const API = 'http://api.test';
const server = setupServer();
let answer: Record<string, unknown> = {};

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.use(
    http.get(`${API}/api/article/queryEsArticle`, () => HttpResponse.json({ errorCode: '0', errorMsg: '操作成功', data: answer })),
    http.post(`${API}/visitHistory/hit`, () => HttpResponse.json({ errorCode: '0', errorMsg: '操作成功', data: null })),
  );
  document.head.innerHTML = `<meta name="portal-api" content="${API}">`;
  for (const file of ['portal.js', 'search.js']) vm.runInThisContext(fs.readFileSync(path.join(SKIN, file), 'utf8'));
});
afterEach(() => {
  document.body.innerHTML = '';
});
afterAll(() => server.close());

const hit = { articleId: 7, title: '云溪县经济工作会议', highlightTitle: '云溪县<em>经济</em>工作会议', highlightContent: '', publishTime: '2026-03-01 09:30:00', columnTitle: '政务要闻' };

async function search(data: Record<string, unknown>): Promise<HTMLElement> {
  answer = data;
  window.history.replaceState(null, '', '/search.html?keyword=%E7%BB%8F%E6%B5%8E');
  document.body.innerHTML = `<form class="js-search" data-api="/api/article/queryEsArticle" data-output="out"><input name="keyword"><div class="js-result" hidden></div></form><div id="out"></div>`;
  document.dispatchEvent(new Event('DOMContentLoaded'));
  const out = document.getElementById('out')!;
  await expect.poll(() => out.querySelector('[role="status"]')?.textContent).toBeTruthy();
  return out;
}

describe('skin search page', () => {
  it('shows "1000+" when the server capped the count', async () => {
    const out = await search({ list: [hit], currPage: 1, totalRow: 1000, totalPage: 100, totalCapped: true });
    expect(out.querySelector('[role="status"]')!.textContent).toBe('共找到 1000+ 条结果');
    expect(out.querySelector('.pagination')!.textContent).toContain('第 1 / 100+ 页');
    expect(out.querySelector('.search-hit em')!.textContent).toBe('经济');
  });

  it('shows the exact count when it is not capped', async () => {
    const out = await search({ list: [hit], currPage: 1, totalRow: 1, totalPage: 1, totalCapped: false });
    expect(out.querySelector('[role="status"]')!.textContent).toBe('共找到 1 条结果');
  });
});
