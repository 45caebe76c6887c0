import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordShown, SHOWN_TABLE } from '../../server/modules/generation/shownIndex.js';
import type { PageJob } from '../../server/modules/generation/worker/protocol.js';
import { startTestServer, type TestServer } from './helpers/testServer';

// The index of what each generated list page shows (server/modules/generation/shownIndex.ts). Republishes
// of articles in one column run side by side; on PostgreSQL two of them replacing the same page's rows
// collided on the primary key ("duplicate key value violates unique constraint site_page_article_pk",
// seen in the test servers' error log) or deadlocked, and the republish was reported failed.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const page = (rel: string, ids: number[]): PageJob => ({ rel, template: 'list', vars: { articles: ids.map((id) => ({ id })) } });
const rowsOf = async (rel: string) =>
  (await server.app.db.selectFrom(SHOWN_TABLE).select('articleId').where('rel', '=', rel).execute()).map((r) => Number(r.articleId)).sort((a, b) => a - b);

describe('the shown-articles index', () => {
  it('takes the same page recorded by several republishes at once, and a later record replaces its rows', async () => {
    const rel = 'column/99001/index.html';
    // Forty, two connections on PostgreSQL: eight did not always collide.
    const runs = Array.from({ length: 40 }, (_, i) => recordShown(server.app.db, [page(rel, [1, 2, 3, 4 + (i % 2)])]));
    const settled = await Promise.allSettled(runs);
    expect(settled.filter((r) => r.status === 'rejected')).toEqual([]);
    const held = await rowsOf(rel);
    // One page's records follow each other: the page holds what one of them wrote.
    expect([[1, 2, 3, 4], [1, 2, 3, 5]]).toContainEqual(held);
    await recordShown(server.app.db, [page(rel, [7, 8])]);
    expect(await rowsOf(rel)).toEqual([7, 8]);
  });
});
