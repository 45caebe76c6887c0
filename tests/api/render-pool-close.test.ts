import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { RenderPool } from '../../server/modules/generation/worker/pool.js';

// Closing the render pool fails the batches in flight and waiting at once (a read-aloud job refreshing its
// page at shutdown used to wait forever, and the app's close with it); nothing renders after the close.
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-pool-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

it('a close fails the batches in flight and waiting, and later ones, instead of leaving them pending', async () => {
  await fs.writeFile(path.join(dir, 'slow.html'), '{% for i in (1..200000) %}{% for j in (1..200000) %}x{% endfor %}{% endfor %}');
  await fs.writeFile(path.join(dir, 'quick.html'), 'ok {{ n }}');
  const pool = new RenderPool(1);
  const runId = pool.begin({ skinDir: dir, outDir: path.join(dir, 'out'), common: {} });
  expect(await pool.render(runId, [{ rel: 'q.html', template: 'quick.html', vars: { n: 1 } }], false)).toEqual(['ok 1']);
  const pending = Promise.allSettled([
    pool.render(runId, [{ rel: 's.html', template: 'slow.html', vars: {} }], false),
    ...[1, 2, 3].map((n) => pool.render(runId, [{ rel: `q${n}.html`, template: 'quick.html', vars: { n } }], false)),
  ]);
  await new Promise((r) => setTimeout(r, 300));
  const started = Date.now();
  await pool.close();
  const settled = await pending;
  expect(settled.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'rendered'))).toEqual(Array(4).fill('服务正在停止，页面未生成'));
  await expect(pool.render(runId, [{ rel: 'late.html', template: 'quick.html', vars: { n: 9 } }], false)).rejects.toThrow('服务正在停止');
  expect(Date.now() - started).toBeLessThan(5_000);
});
