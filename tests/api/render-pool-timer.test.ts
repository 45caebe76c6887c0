import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { RenderPool } from '../../server/modules/generation/worker/pool.js';

// The page limit times templates only (issue 26, session 36): a worker writing a large batch (a million-article
// run's disk) or done and waiting for the main thread to read its answer is not stopped as 页面渲染超过…, and
// a page that does run away is named in the error.
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-pool-timer-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));
/** The page limit of each test's pool: writing 3,000 pages outlasts the first; the runaway page the second. */
const WRITE_TEST_LIMIT_MS = 50;
const RUNAWAY_TEST_LIMIT_MS = 200;

it('writing a large batch is not timed as rendering: thousands of pages written past the page limit are written', async () => {
  await fs.writeFile(path.join(dir, 'quick.html'), 'ok {{ n }}');
  // Each page renders well within the limit; writing 3,000 pages (a folder each) takes longer.
  const pool = new RenderPool(1, WRITE_TEST_LIMIT_MS);
  try {
    const runId = pool.begin({ skinDir: dir, outDir: path.join(dir, 'out'), common: {} });
    const pages = Array.from({ length: 3000 }, (_, n) => ({ rel: `column/${n}/index.html`, template: 'quick.html', vars: { n } }));
    const started = Date.now();
    await expect(pool.render(runId, pages, true)).resolves.toBeNull();
    expect(Date.now() - started).toBeGreaterThan(WRITE_TEST_LIMIT_MS);
    expect(await fs.readFile(path.join(dir, 'out', 'column', '2999', 'index.html'), 'utf8')).toBe('ok 2999');
  } finally {
    await pool.close();
  }
});

it('a page that runs past the limit stops its worker, and the error names the page', async () => {
  await fs.writeFile(path.join(dir, 'ok.html'), 'fine');
  await fs.writeFile(path.join(dir, 'loop.html'), '{% for i in (1..200000) %}{% for j in (1..200000) %}x{% endfor %}{% endfor %}');
  const pool = new RenderPool(1, RUNAWAY_TEST_LIMIT_MS);
  try {
    const runId = pool.begin({ skinDir: dir, outDir: path.join(dir, 'out2'), common: {} });
    const pages = [{ rel: 'column/3/index.html', template: 'ok.html', vars: {} }, { rel: 'column/3/index_2.html', template: 'loop.html', vars: {} }];
    await expect(pool.render(runId, pages, true)).rejects.toThrow(/页面渲染超过.*column\/3\/index_2\.html/);
    // Nothing of the failed batch was written, and the pool goes on with a new worker.
    await expect(fs.access(path.join(dir, 'out2', 'column', '3', 'index.html'))).rejects.toThrow();
    expect(await pool.render(runId, [{ rel: 'after.html', template: 'ok.html', vars: {} }], false)).toEqual(['fine']);
  } finally {
    await pool.close();
  }
});
