// Waterfall of login → shell (not part of `npm run bench`): every request after the click with its start
// and end (ms after the click), size on the wire, and the long tasks of the main thread.
//   npx tsx bench/frontProfile.ts [/admin/|/report/]
import { writeFileSync } from 'node:fs';
import { launchChromium } from '../tests/browser/lib/chromium';
import { startChild } from './lib/child';

const server = await startChild<{ port: number; password: string }>('bench/servers/frontServer.ts');
const base = `http://127.0.0.1:${server.info.port}`;
const browser = await launchChromium();
try {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await page.goto(base + (process.argv[2] ?? '/admin/'));
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill(server.info.password);
  await page.locator('img[alt="验证码"]').waitFor();
  await page.locator('input[name="verifyCode"]').fill('AbC7');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: [number, number][] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: false });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  if (process.env.TRACE) await browser.startTracing(page, { path: '/tmp/front/trace.json', categories: ['devtools.timeline', 'v8.execute', 'blink', 'loading'] });
  const rows: string[] = [];
  const t0 = performance.now();
  const at = () => Math.round(performance.now() - t0);
  const clickAt = await page.evaluate(() => performance.now());
  page.on('request', (request) => {
    const start = at();
    request.response().then(async (response) => {
      await response?.finished();
      const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
      rows.push(`${String(start).padStart(5)} → ${String(at()).padStart(5)} ms ${String(sizes.responseBodySize).padStart(7)} B ${request.url().replace(base, '')}`);
    }).catch(() => undefined);
  });
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('button', { name: '个人中心' }).waitFor({ timeout: 30_000 });
  const menuMs = at();
  await page.locator('[data-testid="workbench-todos"]').getByText(/暂无待办事项|\d/).first().waitFor({ timeout: 30_000 });
  const quietMs = at();
  const { profile } = await cdp.send('Profiler.stop');
  // The raw profile, for a closer look (Chrome DevTools loads it as a .cpuprofile).
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  if (process.env.TRACE) await browser.stopTracing();
  const self = new Map<string, number>();
  const byUrl = new Map<string, number>();
  const dt = new Map<number, number>();
  profile.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  for (const node of profile.nodes) {
    const us = dt.get(node.id) ?? 0;
    const url = node.callFrame.url.replace(base, '') || '(native)';
    const key = `${node.callFrame.functionName || '(anon)'} ${url}:${node.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + us);
    byUrl.set(url, (byUrl.get(url) ?? 0) + us);
  }
  // Inclusive time per function (counted once per stack, so recursion is not double-counted).
  const children = new Map(profile.nodes.map((n) => [n.id, n.children ?? []]));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const total = new Map<string, number>();
  const walk = (id: number, onStack: Set<string>): number => {
    const node = byId.get(id);
    if (!node) return 0;
    const key = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.replace(base, '').replace(/-[\w-]{8}\.js$/, '')}`;
    let sum = dt.get(id) ?? 0;
    const fresh = !onStack.has(key);
    if (fresh) onStack.add(key);
    for (const c of children.get(id) ?? []) sum += walk(c, onStack);
    if (fresh) {
      onStack.delete(key);
      total.set(key, (total.get(key) ?? 0) + sum);
    }
    return sum;
  };
  walk(profile.nodes[0]?.id ?? 0, new Set());
  // Busy stretches (samples not idle, gaps under 5 ms merged) with the frames most of their samples pass through.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let clock = profile.startTime;
  interface Task { from: number; to: number; counts: Map<string, number> }
  const tasks: Task[] = [];
  profile.samples?.forEach((id, i) => {
    clock += profile.timeDeltas?.[i] ?? 0;
    const name = byId.get(id)?.callFrame.functionName ?? '';
    if (name === '(idle)' || name === '(program)') return;
    let task = tasks.at(-1);
    if (!task || clock - task.to > 5000) tasks.push((task = { from: clock, to: clock, counts: new Map() }));
    task.to = clock;
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n)?.callFrame;
      if (f?.functionName && /^[A-Z]|^use[A-Z]|fetch|import|preload|insert|setTimeout|then/.test(f.functionName)) seen.add(f.functionName);
    }
    for (const f of seen) task.counts.set(f, (task.counts.get(f) ?? 0) + 1);
  });
  for (const t of tasks.filter((x) => x.to - x.from > 40_000)) {
    const top = [...t.counts].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `${k}:${v}`).join(' ');
    console.log(`task ${Math.round((t.from - profile.startTime) / 1000)}+${Math.round((t.to - t.from) / 1000)} ms: ${top}`);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${String(Math.round(v / 1000)).padStart(5)} ms ${k}`).join('\n');
  console.log('self time by script:\n' + top(byUrl, 15));
  console.log('self time by function:\n' + top(self, 30));
  console.log('inclusive time by function:\n' + top(total, Number(process.env.TOP ?? 60)));
  rows.sort((a, b) => Number(a.slice(0, 5)) - Number(b.slice(0, 5)));
  console.log(rows.join('\n'));
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: [number, number][] }).longTasks);
  console.log('long tasks (start after click, duration):', longTasks.map(([s, d]) => `${Math.round(s - clickAt)}+${d}`).join(' '));
  console.log(`user menu after ${menuMs} ms, workbench data shown after ${quietMs} ms`);
} finally {
  await browser.close();
  await server.stop();
}
