import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';
import { SHIPPED_SKINS_DIR } from '../../server/modules/system/templates/store.js';
import { MANIFEST_FILE, upgradeShippedSkins } from '../../server/modules/system/templates/skinUpgrade.js';

/**
 * Skin upgrades (docs/generation.md "Skin upgrades"). The data directory is an installation made before
 * the install manifest existed: its footer is the skin's first shipped version (a real file of that
 * release, tests/api/fixtures/skin-v1-footer.html), a page that is new since is missing, and staff edited
 * the home template. Starting the server upgrades the first two and keeps the edit, listed as 有新版本.
 */

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'skin-v1-footer.html');
const STAFF_EDIT = '<!-- 我们自己的首页 -->{{ site.siteName }}';
const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

let server: TestServer;
let dataDir: string;
let admin: string;
const tpl = (rel: string) => path.join(dataDir, 'templates', ...rel.split('/'));
const shipped = (rel: string) => fs.readFile(path.join(SHIPPED_SKINS_DIR, ...rel.split('/')), 'utf8');
const installed = (rel: string) => fs.readFile(tpl(rel), 'utf8');

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-skin-'));
  await fs.cp(SHIPPED_SKINS_DIR, path.join(dataDir, 'templates'), { recursive: true });
  await fs.copyFile(FIXTURE, tpl('default/include/footer.html'));
  await fs.rm(tpl('default/pages/qa.html'));
  await fs.writeFile(tpl('default/index.html'), STAFF_EDIT);
  server = await startTestServer({ dataDir });
  admin = await login(server.url, 'admin', server.adminPassword);
});
afterAll(async () => {
  await server?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

interface Pending {
  path: string;
  status: string;
}
const pendingList = async () => (await call<Pending[]>(server.url, '/api/template/upgrade/list', { method: 'GET', token: admin })).body.data;

describe('an installation older than the manifest', () => {
  it('upgrades an unedited old file, adds a new one and keeps the staff edit', async () => {
    expect(await installed('default/include/footer.html')).toBe(await shipped('default/include/footer.html'));
    expect(await installed('default/pages/qa.html')).toBe(await shipped('default/pages/qa.html'));
    expect(await installed('default/index.html')).toBe(STAFF_EDIT);
    // Untouched files stay byte for byte.
    expect(await installed('default/css/style.css')).toBe(await shipped('default/css/style.css'));
  });

  it('lists only the edited file as 有新版本 and shows the new version', async () => {
    expect(await pendingList()).toEqual([expect.objectContaining({ path: 'default/index.html', status: 'modified' })]);
    const r = await call<{ content: string }>(server.url, '/api/template/upgrade/shipped', { method: 'GET', token: admin, query: { fileName: 'default/index.html' } });
    expect(r.body.data.content).toBe(await shipped('default/index.html'));
  });

  it('refuses names that are not shipped files', async () => {
    for (const fileName of ['../../etc/passwd', 'default/nope.html', 'spring/index.html']) {
      const r = await call(server.url, '/api/template/upgrade/apply', { token: admin, body: { fileName } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ errorCode: '1003', errorMsg: '该文件没有新版本' });
    }
    expect((await call(server.url, '/api/template/upgrade/apply', { token: admin, body: {} })).body.errorCode).not.toBe('0');
  });

  it('needs template:write to take a version', async () => {
    const r = await call(server.url, '/api/template/upgrade/apply', { body: { fileName: 'default/index.html' } });
    expect(r.body.errorCode).not.toBe('0');
    expect(await installed('default/index.html')).toBe(STAFF_EDIT);
  });

  it('采用新版本 replaces the file and keeps the staff version beside it', async () => {
    const r = await call<{ backup: string }>(server.url, '/api/template/upgrade/apply', { token: admin, body: { fileName: 'default/index.html' } });
    expect(r.body.errorCode).toBe('0');
    expect(r.body.errorMsg).toContain('已采用新版本');
    expect(await installed('default/index.html')).toBe(await shipped('default/index.html'));
    expect(r.body.data.backup).toMatch(/^default\/index\.html\.bak-\d{8}-\d{6}\.txt$/);
    expect(await installed(r.body.data.backup)).toBe(STAFF_EDIT);
    expect(await pendingList()).toEqual([]);
  });
});

describe('an installation with a manifest (the next upgrade)', () => {
  it('replaces the version it installed, keeps edits, respects 保留当前版本 and deleted files', async () => {
    const manifestPath = path.join(dataDir, MANIFEST_FILE);
    const manifest = JSON.parse(await fs.readFile(manifestPath, 'utf8')) as { files: Record<string, { installed?: string; kept?: string }> };
    // list.html as installed by an earlier release (recorded at its install), never edited.
    const earlier = '<!-- list.html of an earlier release -->';
    await fs.writeFile(tpl('default/list.html'), earlier);
    manifest.files['default/list.html'] = { installed: sha(earlier) };
    await fs.writeFile(manifestPath, JSON.stringify(manifest));
    // content.html edited by staff; cover.html deleted by staff after it was installed.
    await fs.writeFile(tpl('default/content.html'), '<!-- edited -->');
    await fs.rm(tpl('default/cover.html'));

    const report = await upgradeShippedSkins(dataDir);
    expect(report.upgraded).toEqual(['default/list.html']);
    expect(report.added).toEqual([]);
    expect(report.pending.map((p) => p.path)).toEqual(['default/content.html']);
    expect(await installed('default/list.html')).toBe(await shipped('default/list.html'));
    expect(await installed('default/content.html')).toBe('<!-- edited -->');
    await expect(fs.access(tpl('default/cover.html'))).rejects.toThrow();

    const keep = await call(server.url, '/api/template/upgrade/keep', { token: admin, body: { fileName: 'default/content.html' } });
    expect(keep.body).toMatchObject({ errorCode: '0', errorMsg: '已保留当前版本' });
    expect(await pendingList()).toEqual([]);
    expect((await upgradeShippedSkins(dataDir)).pending).toEqual([]);
    expect(await installed('default/content.html')).toBe('<!-- edited -->');
  });

  it('does not touch a skin that is not shipped', async () => {
    await call(server.url, '/api/template/createFolder', { token: admin, body: { folderName: 'spring' } });
    await call(server.url, '/api/template/writeFileContent', { token: admin, body: { fileName: 'spring/index.html', content: 'spring' } });
    await upgradeShippedSkins(dataDir);
    expect((await fs.readdir(tpl('spring'))).sort()).toEqual(['index.html']);
  });
});
