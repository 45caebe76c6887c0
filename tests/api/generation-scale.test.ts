import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';
import { columnChunk } from '../../server/modules/generation/columnPages.js';
import { PAGE_BATCH, SiteGenerator } from '../../server/modules/generation/service.js';
import { RenderPool } from '../../server/modules/generation/worker/pool.js';
import type { PageJob } from '../../server/modules/generation/worker/protocol.js';

// Issue 26 (session 28): a large column's list pages in keyset chunks, and republishing an edit that leaves
// its article on its list page without counting or offsetting (docs/generation.md).
type Rec = Record<string, unknown>;

let server: TestServer;
let url: string;
let admin: string;
let siteDir: string;
let columnId: number;
const ids: number[] = [];
const chunkBefore = columnChunk.pages;

const read = (rel: string) => fs.readFile(path.join(siteDir, rel), 'utf8');
const rel = (p: number) => `column/${columnId}/${p === 1 ? 'index.html' : `index_${p}.html`}`;

async function okCall<T>(pathName: string, opts: Parameters<typeof call>[2] = {}): Promise<T> {
  const r = await call<T>(url, pathName, { token: admin, ...opts });
  expect(r.body.errorCode, `${pathName}: ${r.body.errorMsg}`).toBe('0');
  return r.body.data;
}

const generateColumn = () => okCall<{ pages: number; paths: string[]; removed: number }>(`/api/generate/${columnId}/genernateColumn`, { method: 'GET' });

async function pages(count: number): Promise<string[]> {
  return await Promise.all(Array.from({ length: count }, (_, i) => read(rel(i + 1))));
}

async function shownRows(): Promise<string[]> {
  const rows = await server.app.db.selectFrom('site_page_article').select(['rel', 'articleId']).where('rel', 'like', `column/${columnId}/%`).execute();
  return rows.map((r) => `${String(r.rel)}:${String(r.articleId)}`).sort();
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  siteDir = path.join(server.app.portal.config.dataDir, 'site');
  admin = await login(url, 'admin', server.adminPassword);
  await server.app.db.updateTable('category').set({ autoVoice: 0 }).execute();
  const col = await okCall<Rec>('/column/save', { query: { categoryTitle: '分块测试栏目', columnType: 1, categorySort: 98, autoVoice: 0 } });
  columnId = Number(col.categoryId);
  // 55 articles: three pages. Articles 15–24 share one sort and the earliest time: list rows 19–28, so the chunk
  // boundary after row 20 falls inside a tie that only the id breaks.
  for (let i = 0; i < 55; i++) {
    const tie = i >= 15 && i < 25;
    const time = tie ? '2025-01-01 08:00:00' : `2025-02-${String(1 + (i % 28)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:00:00`;
    const data = await okCall<Rec>('/api/article/save/admin', { body: { columnId, title: `分块文章${i}`, status: 5, content: `<p>正文${i}</p>`, sort: tie ? 3 : i % 5, publishTime: time } });
    ids.push(Number(data.articleId));
  }
}, 120_000);

afterEach(() => {
  columnChunk.pages = chunkBefore;
  vi.restoreAllMocks();
});

afterAll(async () => {
  await server?.close();
});

describe('generation at scale', () => {
  it('generates a column larger than the chunk in keyset chunks: the same pages, index rows and removals as one batch, batches bounded', async () => {
    const whole = await generateColumn();
    expect(whole.paths).toEqual([rel(1), rel(2), rel(3)]);
    const expected = await pages(3);
    const expectedShown = await shownRows();
    expect(expectedShown.length).toBe(55);
    await fs.writeFile(path.join(siteDir, 'column', String(columnId), 'index_4.html'), 'stale');

    columnChunk.pages = 1;
    const render = vi.spyOn(RenderPool.prototype, 'render');
    const published = vi.spyOn(SiteGenerator.prototype, 'published');
    await server.app.db.deleteFrom('site_page_article').where('rel', 'like', `column/${columnId}/%`).execute();
    const chunked = await generateColumn();
    expect(chunked.paths).toEqual([rel(1), rel(2), rel(3)]);
    expect(chunked.removed).toBe(1);
    expect(await pages(3)).toEqual(expected);
    expect(await shownRows()).toEqual(expectedShown);
    // One page a chunk: three render calls of one page each, never the whole column at once.
    const sizes = render.mock.calls.map((c) => (c[1] as PageJob[]).length);
    expect(sizes).toEqual([1, 1, 1]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(PAGE_BATCH);
    // Each chunk after the first continues after the previous chunk's last row (keyset), never by offset.
    const reads = published.mock.calls.map((c) => c[1] ?? {});
    expect(reads.map((o) => o.limit)).toEqual([20, 20, 20]);
    const lastOf = async (p: number) => [...(expected[p - 1] ?? '').matchAll(/article\/\d{4}\/\d{2}\/(\d+)\.html/g)].at(-1)?.[1];
    expect(reads[0]?.after).toBeUndefined();
    expect(String((reads[1]?.after as Rec | undefined)?.articleId)).toBe(await lastOf(1));
    expect(String((reads[2]?.after as Rec | undefined)?.articleId)).toBe(await lastOf(2));
  });

  it('republishes an edit that leaves the article on its page from the recorded ids (no count, no offset); a move takes the counting path', async () => {
    await generateColumn();
    const onPage2 = await server.app.db.selectFrom('site_page_article').select('articleId').where('rel', '=', rel(2)).execute();
    const target = Number(onPage2[5]?.articleId);
    const generate = vi.spyOn(SiteGenerator.prototype, 'generateColumn');
    const published = vi.spyOn(SiteGenerator.prototype, 'published');
    await okCall('/api/article/update', { body: { articleId: target, title: '分块文章（修订）' } });
    expect(generate).not.toHaveBeenCalled();
    expect(published.mock.calls.filter((c) => c[1]?.offset !== undefined)).toEqual([]);
    const edited = await pages(3);
    expect(edited[1]).toContain('分块文章（修订）');
    // Byte for byte what a generation of the whole column writes.
    await generateColumn();
    expect(await pages(3)).toEqual(edited);

    // Moved to the top (sort 99): page 1 shows it, its old page 2 no longer; found by counting.
    generate.mockClear();
    await okCall('/api/article/update', { body: { articleId: target, sort: 99 } });
    expect(generate).toHaveBeenCalled();
    const moved = await pages(3);
    expect(moved[0]).toContain('分块文章（修订）');
    expect(moved[1]).not.toContain('分块文章（修订）');
    await generateColumn();
    expect((await pages(3))[0]).toEqual(moved[0]);
  });
});
