import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Upload = { url: string; path: string; name: string; originalName: string; size: number; kind: string; mime: string };

let server: TestServer;
let url: string;
let admin: string;
let xinxi: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function upload(file: Buffer, name: string, opts: { token?: string; type?: string; path?: string; headers?: Record<string, string>; extraFiles?: [Buffer, string][] } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  for (const [b, n] of opts.extraFiles ?? []) form.append('file', new Blob([new Uint8Array(b)]), n);
  const target = new URL(opts.path ?? '/api/file/upload/name', url);
  if (opts.type) target.searchParams.set('type', opts.type);
  const res = await fetch(target, { method: 'POST', headers: { Authorization: opts.token ?? admin, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0', ...opts.headers }, body: form });
  return { status: res.status, body: (await res.json()) as { errorCode: string; errorMsg: string; data: Upload & Upload[] & Record<string, unknown> } };
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
});
afterAll(async () => server?.close());

describe('/api/file/*', () => {
  it('accepts a real PNG, stores it under a random name by year and month, and serves it read-only', async () => {
    const r = await upload(PNG, '../../evil name.png', { type: 'image', token: xinxi });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    const now = new Date();
    const ym = `${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}`;
    expect(r.body.data.url).toMatch(new RegExp(`^/uploads/${ym}/[0-9a-f]{32}\\.png$`));
    expect(r.body.data.kind).toBe('image');
    expect(r.body.data.originalName).toBe('evil name.png');
    const onDisk = await fs.readFile(path.join(server.app.portal.config.dataDir, 'uploads', r.body.data.path));
    expect(onDisk.equals(PNG)).toBe(true);
    const res = await fetch(new URL(r.body.data.url, url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(new URL(r.body.data.url, url), { method: 'POST' })).status).toBe(404);
  });

  it('refuses a .png name whose content is not an image', async () => {
    const fake = Buffer.from('<html><script>alert(1)</script></html>');
    const r = await upload(fake, 'photo.png', { type: 'image' });
    expect(r.body).toMatchObject({ errorCode: '1002', errorMsg: '上传图片只能是 JPG/GIF/PNG 格式!' });
    const any = await upload(fake, 'photo.png');
    expect(any.body.errorCode).toBe('1002');
    const exe = await upload(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'setup.jpg', { type: 'image' });
    expect(exe.body.errorCode).toBe('1002');
    // A PDF is a document, not an image.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect((await upload(pdf, 'a.png', { type: 'image' })).body.errorCode).toBe('1002');
    const doc = await upload(pdf, 'report.pdf', { type: 'file' });
    expect(doc.body.errorCode, doc.body.errorMsg).toBe('0');
    expect(doc.body.data.url).toMatch(/\.pdf$/);
    expect((await upload(PNG, 'a.png', { type: 'video' })).body.errorMsg).toBe('请选择视频类型文件（MP4/WebM）');
    expect((await upload(PNG, 'a.png', { type: 'nonsense' })).body.errorCode).toBe('1002');
  });

  it('refuses an image over 10 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const r = await upload(big, 'big.png', { type: 'image' });
    expect(r.body).toMatchObject({ errorCode: '1002', errorMsg: '上传图片大小不能超过 10MB!' });
    const files = await fs.readdir(path.join(server.app.portal.config.dataDir, 'uploads'), { recursive: true });
    expect(files.filter((f) => String(f).endsWith('.png')).length).toBeLessThanOrEqual(1);
  });

  it('refuses requests without a file and callers without the key', async () => {
    const r = await call(url, '/api/file/upload/name', { token: admin, body: {} });
    expect(r.body.errorCode).toBe('1001');
    const shenji = await login(url, 'shenji', DEMO_PASSWORD);
    expect((await upload(PNG, 'a.png', { token: shenji })).status).toBe(403);
    const anon = await fetch(new URL('/api/file/upload/name', url), { method: 'POST' });
    expect(anon.status).toBe(401);
  });

  it("uploads several files at once; deletes only the uploader's own files", async () => {
    const r = await upload(PNG, 'a.png', { path: '/api/file/uploads/name', token: xinxi, extraFiles: [[PNG, 'b.png']] });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data).toHaveLength(2);
    const first = (r.body.data as Upload[])[0] as Upload;
    const shenhe = await login(url, 'shenhe', DEMO_PASSWORD);
    expect((await call(url, '/api/file/del', { token: shenhe, query: { name: first.url, type: 'image' } })).body.errorCode).toBe('1003');
    expect((await call(url, '/api/file/del', { token: xinxi, query: { name: '../../portal.sqlite' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/file/del', { token: xinxi, query: { name: first.url, type: 'image' } })).body.errorCode).toBe('0');
    expect((await fetch(new URL(first.url, url))).status).toBe(404);
    expect((await fetch(new URL('/uploads/2026/01/..%2F..%2Fportal.sqlite', url))).status).toBe(404);
  });

  it('stores article template files inside the templates folder only', async () => {
    const css = Buffer.from('body { color: #333; }');
    const ok = await upload(css, 'site.css', { path: '/api/file/upload/article/tem', headers: { fileUrl: 'default/css' } });
    expect(ok.body.errorCode, ok.body.errorMsg).toBe('0');
    const file = path.join(server.app.portal.config.dataDir, 'templates', 'default', 'css', 'site.css');
    expect((await fs.readFile(file)).equals(css)).toBe(true);
    expect((await upload(css, 'site.css', { path: '/api/file/upload/article/tem', headers: { fileUrl: '../../' } })).body.errorCode).toBe('1002');
    expect((await upload(css, 'site.css', { path: '/api/file/upload/article/tem', headers: { fileUrl: '/etc' } })).body.errorCode).toBe('1002');
    expect((await upload(css, 'run.sh', { path: '/api/file/upload/article/tem', headers: { fileUrl: 'default' } })).body.errorCode).toBe('1002');
    expect((await upload(css, 'site.css', { path: '/api/file/upload/article/tem' })).body.errorCode).toBe('1001');
    expect((await upload(css, 'site.css', { path: '/api/file/upload/article/tem', token: xinxi, headers: { fileUrl: 'default' } })).status).toBe(403);
    expect((await call(url, '/api/file/delete/article/tem', { token: admin, query: { fileUrl: '../portal.sqlite' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/file/delete/article/tem', { token: admin, query: { fileUrl: 'default/css/site.css' } })).body.errorCode).toBe('0');
    await expect(fs.access(file)).rejects.toThrow();
  });

  it('answers the editor configuration', async () => {
    const r = await call<Record<string, unknown>>(url, '/api/article/ueConfig', { token: admin, method: 'GET' });
    expect(r.body.data).toMatchObject({ imageMaxSize: 10 * 1024 * 1024, imageAllowFiles: ['.jpg', '.png', '.gif', '.jpeg'], videoAllowFiles: ['.mp4', '.webm'] });
    expect((await call(url, '/api/article/ueConfig', { token: admin })).body.errorCode).toBe('0');
    expect((await call(url, '/sys/ueditor/exec', { token: admin, method: 'GET', query: { action: 'config' } })).body.errorCode).toBe('0');
  });
});
