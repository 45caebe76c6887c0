import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// A fresh install (as server/main.ts starts it) publishes its public site once in the background, so
// /site/ shows the demo site without a visit to 静态生成; a site already there is left alone.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ generateSiteOnStart: true });
});
afterAll(async () => server?.close());

describe('the public site of a fresh install', () => {
  it('is generated once the server listens, with progress on the 静态生成 screen', async () => {
    const home = path.join(server.app.portal.config.dataDir, 'site', 'index.html');
    await expect.poll(() => fs.access(home).then(() => true, () => false), { timeout: 120_000, interval: 500 }).toBe(true);
    const admin = await login(server.url, 'admin', server.adminPassword);
    await expect
      .poll(async () => (await call<{ kind: string; running: boolean; pages: number }>(server.url, '/api/generate/progress', { token: admin, method: 'GET' })).body.data, { timeout: 120_000, interval: 500 })
      .toMatchObject({ kind: 'site', running: false });
    const progress = await call<{ pages: number; error: string | null }>(server.url, '/api/generate/progress', { token: admin, method: 'GET' });
    expect(progress.body.data.error).toBeNull();
    expect(progress.body.data.pages).toBeGreaterThan(10);
    const page = await fetch(new URL('/site/index.html', server.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('云溪县');
  });
});
