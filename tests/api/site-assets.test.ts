import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundCopiesOf } from '../../server/modules/generation/precompress/index.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// Issue 24: the generated site's assets minified, every page and asset pre-compressed (.br/.gz written by
// the generator, sent by /site/ as the browser accepts), fingerprinted assets cached for a year, the
// description and favicon on every page, and the choices of the service forms in the generated HTML.
let server: TestServer;
let admin: string;
let siteDir: string;

async function generate() {
  const r = await call(server.url, '/api/generate/site', { token: admin, body: {} });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  for (let i = 0; i < 1200; i++) {
    const s = await call<{ running: boolean; error: string | null }>(server.url, '/api/generate/progress', { token: admin, method: 'GET' });
    if (!s.body.data.running) {
      // The site is live; its .br/.gz come from the background pass that the run started (session 30).
      await backgroundCopiesOf(siteDir)?.idle();
      return expect(s.body.data.error).toBeNull();
    }
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('generation did not finish');
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  siteDir = path.join(server.app.portal.config.dataDir, 'site');
  await generate();
}, 300_000);
afterAll(async () => {
  await server?.close();
});

describe('the generated site as served', () => {
  it('writes .br and .gz beside pages and assets, with the same content', async () => {
    for (const rel of ['index.html', 'mailbox.html', 'css/style.css', 'js/services.js', 'favicon.svg']) {
      const plain = await fs.readFile(path.join(siteDir, rel));
      expect(brotliDecompressSync(await fs.readFile(path.join(siteDir, `${rel}.br`))).equals(plain), rel).toBe(true);
      expect(gunzipSync(await fs.readFile(path.join(siteDir, `${rel}.gz`))).equals(plain), rel).toBe(true);
    }
  });

  it('publishes every asset of the skin, each recorded by the site guard with the hash of what is on disk', async () => {
    // The assets are published several at a time (session 39): none may be missed or recorded half-written.
    const skin = path.join(server.app.portal.config.dataDir, 'templates', 'default');
    const assets = (await fs.readdir(skin, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && /\.(css|js|svg|png|jpe?g|gif|webp|ico|woff2?)$/.test(e.name))
      .map((e) => path.relative(skin, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join('/'));
    expect(assets.length).toBeGreaterThan(8);
    const rows = await server.app.db.selectFrom('site_manifest').select(['path', 'hash']).where('path', 'in', assets).execute();
    const recorded = new Map(rows.map((r) => [r.path, r.hash]));
    for (const rel of assets) {
      const bytes = await fs.readFile(path.join(siteDir, rel));
      expect(recorded.get(rel), rel).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('minifies the skin stylesheet and scripts (the skin keeps its readable files)', async () => {
    const css = await fs.readFile(path.join(siteDir, 'css/style.css'), 'utf8');
    expect(css).not.toContain('/* Forms of the citizen services */');
    expect(css.split('\n').length).toBeLessThan(10);
    const js = await fs.readFile(path.join(siteDir, 'js/services.js'), 'utf8');
    expect(js).not.toContain('fills choices from a call');
  });

  it('sends brotli or gzip as accepted; fingerprinted assets for a year, pages checked each time', async () => {
    const html = await fs.readFile(path.join(siteDir, 'index.html'), 'utf8');
    const css = /href="([^"]*css\/style\.css\?v=[0-9a-f]{10})"/.exec(html)?.[1];
    expect(css).toBeTruthy();
    const br = await fetch(`${server.url}/site/${css}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const gz = await fetch(`${server.url}/site/index.html`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toBe('no-cache');
    expect(await gz.text()).toContain('<title>');
    const unversioned = await fetch(`${server.url}/site/css/style.css`);
    expect(unversioned.headers.get('cache-control')).toBe('no-cache');
  });

  it('every page has a description and the favicon', async () => {
    for (const rel of ['index.html', 'mailbox.html', 'apply.html', 'sitemap.html', '404.html', 'accessibility.html']) {
      const html = await fs.readFile(path.join(siteDir, rel), 'utf8');
      expect(html, rel).toMatch(/<meta name="[Dd]escription" content="[^"]{4,}">/);
      expect(html, rel).toMatch(/<link rel="icon" href="[^"]*favicon\.svg">/);
    }
  });

  it('puts the departments and topics into the forms, and names fields in Chinese', async () => {
    const apply = await fs.readFile(path.join(siteDir, 'apply.html'), 'utf8');
    expect(apply).toMatch(/<select id="p-dept" name="handleDeptId"[^>]*required[^>]*><option value="">请选择受理部门<\/option><option value="\d+">县政府<\/option>/);
    expect(apply.match(/id="o-code"/g)).toHaveLength(1);
    const advice = await fs.readFile(path.join(siteDir, 'advice.html'), 'utf8');
    expect(advice).toMatch(/<option value="\d+">[^<]*农村人居环境整治提升三年行动方案[^<]*<\/option>/);
    const mail = await fs.readFile(path.join(siteDir, 'mailbox.html'), 'utf8');
    expect(mail).toMatch(/<input id="m-public" type="checkbox" name="isPublic">/);
    const r = await call(server.url, '/web/apply/save', { body: { applicantType: 1, name: '甲', idType: '护照', idNumber: 'E123', phone: '13700000000', infoName: 'x', content: 'y', receiveWay: '邮寄' } });
    expect(r.body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：通信地址' });
  });
});
