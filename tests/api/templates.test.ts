import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Liquid } from 'liquidjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';
import { metaOf } from '../../server/modules/generation/context.js';

interface Entry {
  name: string;
  path: string;
  type: 'DIR' | 'FILE';
  size: number;
  updateTime: string;
}

let server: TestServer;
let url: string;
let admin: string;
let editor: string;
let root: string;
/** A directory beside the data directory, with a file nobody may read or touch through the API. */
let outside: string;
const SECRET = 'top-secret-outside-the-root';

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  editor = await login(url, 'xinxi', DEMO_PASSWORD);
  root = path.join(server.app.portal.config.dataDir, 'templates');
  outside = await fs.mkdtemp(path.join(os.tmpdir(), 'tpl-outside-'));
  await fs.writeFile(path.join(outside, 'secret.html'), SECRET);
  await fs.symlink(outside, path.join(root, 'default', 'linkOut'));
  await fs.symlink(path.join(outside, 'secret.html'), path.join(root, 'default', 'secretLink.html'));
});
afterAll(async () => {
  await server?.close();
  if (outside) await fs.rm(outside, { recursive: true, force: true });
});

const get = <T = unknown>(p: string, query: Record<string, string>, token = admin) => call<T>(url, p, { method: 'GET', query, token });
const post = <T = unknown>(p: string, body: unknown, token = admin) => call<T>(url, p, { body, token });

async function outsideUntouched() {
  expect(await fs.readdir(outside)).toEqual(['secret.html']);
  expect(await fs.readFile(path.join(outside, 'secret.html'), 'utf8')).toBe(SECRET);
}

describe('default skin', () => {
  it('is copied into DATA_DIR/templates on first start', async () => {
    for (const f of ['index.html', 'list.html', 'content.html', 'include/header.html', 'include/footer.html', 'include/meta.html', 'css/style.css']) {
      expect((await fs.stat(path.join(root, 'default', f))).isFile()).toBe(true);
    }
  });

  it('renders with LiquidJS and carries the government meta tags', async () => {
    const engine = new Liquid({ root: [path.join(root, 'default')], extname: '.html', outputEscape: 'escape' });
    const site = { siteName: '云溪县人民政府门户网站', siteDomain: 'www.yunxi.gov.cn', siteIdCode: '5301000001', grayMode: 1, statCode: '<script src="https://hm.baidu.com/hm.js?x"></script>', keywords: '云溪', description: '门户' };
    const column = { id: 3, name: '政务公开', type: 1, typeName: '列表', url: 'column/3/index.html', parentId: 0 };
    const article = { title: '关于<测试>的通知', pubDate: '2026-03-01 10:00:00', source: '县政府办公室', content: '<p>正文</p>' };
    // The generator hands every page its meta values (server/modules/generation/context.ts).
    const meta = metaOf(site, 'article/2026/03/1.html', column, article);
    const content = await engine.renderFile('content.html', { site, column, article, meta, navColumns: [column], hotWords: [{ word: '社保' }] });
    for (const tag of ['SiteName', 'SiteDomain', 'SiteIDCode', 'ColumnName', 'ColumnType', 'ArticleTitle', 'PubDate', 'ContentSource', 'Keywords']) {
      expect(content).toContain(`<meta name="${tag}"`);
    }
    expect(content).toContain('content="关于&lt;测试&gt;的通知"');
    expect(content).toContain('<p>正文</p>');
    expect(content).toContain('class="gray-mode"');
    expect(content).toContain('hm.baidu.com');
    const list = await engine.renderFile('list.html', { site, column, meta: metaOf(site, 'column/3/index.html', column, null), articles: [{ title: 'A', url: '/a.html', pubDate: '2026-03-01 10:00:00' }], pagination: { current: 1, total: 2, next: '/b.html' } });
    expect(list).toContain('<meta name="ColumnName" content="政务公开">');
    expect(list).toContain('下一页');
    const index = await engine.renderFile('index.html', { site: { ...site, grayMode: 0 }, homeColumns: [{ column, articles: [] }] });
    expect(index).toContain('暂无信息');
    expect(index).not.toContain('gray-mode');
  });
});

describe('reads', () => {
  it('lists the skins, marking the one in use', async () => {
    const r = await get<{ name: string; fileCount: number; inUse: boolean }[]>('/api/template/query/app/skin', {});
    expect(r.body.errorCode).toBe('0');
    const d = r.body.data.find((s) => s.name === 'default');
    expect(d?.inUse).toBe(true);
    expect(d?.fileCount).toBeGreaterThanOrEqual(7);
  });

  it('lists page templates of columns, without partials', async () => {
    const r = await get<{ path: string; kind: string }[]>('/api/template/query/template/skin', {});
    const paths = r.body.data.map((t) => t.path);
    expect(paths).toEqual(expect.arrayContaining(['default/index.html', 'default/list.html', 'default/content.html']));
    expect(paths.some((p) => p.includes('include/') || p.endsWith('.css'))).toBe(false);
    expect(r.body.data.find((t) => t.path === 'default/list.html')?.kind).toBe('list');
    expect(r.body.data.find((t) => t.path === 'default/content.html')?.kind).toBe('content');
    // The link out of the root is never followed.
    expect(paths.some((p) => p.includes('linkOut') || p.includes('secretLink'))).toBe(false);
  });

  it('lists a folder: directories first, then files, with name, path, type, size and time', async () => {
    const r = await get<Entry[]>('/api/template/showChildFileAndFolder', { skinFolderName: 'default' });
    expect(r.body.errorCode).toBe('0');
    const list = r.body.data;
    const firstFile = list.findIndex((e) => e.type === 'FILE');
    expect(firstFile).toBeGreaterThan(0);
    expect(list.slice(firstFile).every((e) => e.type === 'FILE')).toBe(true);
    expect(list.map((e) => e.name)).toEqual(expect.arrayContaining(['css', 'include', 'index.html']));
    const index = list.find((e) => e.name === 'index.html') as Entry;
    expect(index).toMatchObject({ path: 'default/index.html', type: 'FILE' });
    expect(index.size).toBe((await fs.stat(path.join(root, 'default', 'index.html'))).size);
    expect(index.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(list.some((e) => e.name === 'linkOut' || e.name === 'secretLink.html')).toBe(false);
    const top = await get<Entry[]>('/api/template/showChildFileAndFolder', { skinFolderName: '.' });
    expect(top.body.data.map((e) => e.path)).toContain('default');
  });

  it('reads a file', async () => {
    const r = await get<{ content: string; path: string }>('/api/template/readFileContent', { fileName: 'default/include/header.html' });
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.content).toBe(await fs.readFile(path.join(root, 'default', 'include', 'header.html'), 'utf8'));
  });

  it('answers missing parameters, missing files and folders', async () => {
    expect((await get('/api/template/readFileContent', {})).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：fileName' });
    expect((await get('/api/template/showChildFileAndFolder', {})).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：skinFolderName' });
    expect((await get('/api/template/readFileContent', { fileName: 'default/nope.html' })).body.errorCode).toBe('1003');
    expect((await get('/api/template/showChildFileAndFolder', { skinFolderName: 'nope' })).body.errorCode).toBe('1003');
    expect((await get('/api/template/showChildFileAndFolder', { skinFolderName: 'default/index.html' })).body.errorCode).toBe('1002');
    expect((await get('/api/template/readFileContent', { fileName: 'default/css' })).body.errorCode).toBe('1002');
  });
});

const TRAVERSALS = ['../../../../etc/passwd', 'default/../../x.html', '..%2F..%2Fetc%2Fpasswd', '/etc/passwd', 'default/a\u0000.html', 'default\\..\\..\\x.html', 'default/linkOut/secret.html', 'default/secretLink.html'];

describe('path traversal is refused everywhere with 1002 非法的文件路径', () => {
  it('on read', async () => {
    for (const fileName of TRAVERSALS) {
      const r = await get<{ content?: string }>('/api/template/readFileContent', { fileName });
      expect(r.body, fileName).toMatchObject({ errorCode: '1002', errorMsg: '非法的文件路径' });
      expect(JSON.stringify(r.body)).not.toContain(SECRET);
      expect(JSON.stringify(r.body)).not.toContain('root:');
    }
    // `..%2F` in the raw query string too (decoded by the server to ../).
    const raw = await fetch(`${url}/api/template/readFileContent?fileName=..%2F..%2F..%2Fetc%2Fpasswd`, { headers: { Authorization: admin, appKey: 'adminSite' } });
    expect(await raw.json()).toMatchObject({ errorCode: '1002', errorMsg: '非法的文件路径' });
  });

  it('on list', async () => {
    for (const skinFolderName of ['..', '../..', '/etc', '/', 'default/linkOut', '..%2F', 'default/\u0000']) {
      const r = await get('/api/template/showChildFileAndFolder', { skinFolderName });
      expect(r.body, skinFolderName).toMatchObject({ errorCode: '1002', errorMsg: '非法的文件路径' });
    }
  });

  it('on write', async () => {
    for (const fileName of [...TRAVERSALS, '../escape.html', 'default/linkOut/new.html']) {
      const r = await post('/api/template/writeFileContent', { fileName, content: 'pwned' });
      expect(r.body, fileName).toMatchObject({ errorCode: '1002', errorMsg: '非法的文件路径' });
    }
    await outsideUntouched();
    await expect(fs.access(path.join(server.app.portal.config.dataDir, 'escape.html'))).rejects.toThrow();
  });

  it('on create folder and delete', async () => {
    for (const p of [...TRAVERSALS, '..', '/tmp/x', 'default/linkOut/sub']) {
      expect((await post('/api/template/createFolder', { folderName: p })).body, p).toMatchObject({ errorCode: '1002', errorMsg: '非法的文件路径' });
      expect((await post('/api/template/deleteFile', { fileName: p })).body, p).toMatchObject({ errorCode: '1002', errorMsg: '非法的文件路径' });
    }
    // Never the root itself.
    for (const p of ['.', './']) expect((await post('/api/template/deleteFile', { fileName: p })).body.errorCode).toBe('1002');
    await outsideUntouched();
    expect((await fs.lstat(path.join(root, 'default', 'linkOut'))).isSymbolicLink()).toBe(true);
  });
});

describe('writes', () => {
  it('creates, overwrites and reads back a template', async () => {
    const c1 = await post<{ created: boolean; size: number }>('/api/template/writeFileContent', { fileName: 'default/special.html', content: '<p>{{ site.siteName }}</p>' });
    expect(c1.body).toMatchObject({ errorCode: '0', errorMsg: '新建成功', data: { created: true } });
    const c2 = await post<{ created: boolean }>('/api/template/writeFileContent', { fileName: 'default/special.html', content: '<p>专题</p>' });
    expect(c2.body).toMatchObject({ errorCode: '0', errorMsg: '保存成功', data: { created: false } });
    expect(await fs.readFile(path.join(root, 'default', 'special.html'), 'utf8')).toBe('<p>专题</p>');
    expect((await get<{ content: string }>('/api/template/readFileContent', { fileName: 'default/special.html' })).body.data.content).toBe('<p>专题</p>');
    // No temporary files stay behind.
    expect((await fs.readdir(path.join(root, 'default'))).some((n) => n.endsWith('.tmp'))).toBe(false);
  });

  it('accepts only text template extensions', async () => {
    for (const ext of ['html', 'htm', 'liquid', 'css', 'js', 'txt']) {
      expect((await post('/api/template/writeFileContent', { fileName: `default/ok.${ext}`, content: 'x' })).body.errorCode, ext).toBe('0');
    }
    for (const name of ['default/x.php', 'default/x.sh', 'default/x.exe', 'default/.htaccess', 'default/noext', 'default/x.html.jsp']) {
      const r = await post('/api/template/writeFileContent', { fileName: name, content: 'x' });
      expect(r.body.errorCode, name).toBe('1002');
      expect(r.body.errorMsg).toContain('.html');
      await expect(fs.access(path.join(root, name))).rejects.toThrow();
    }
  });

  it('refuses content over 1 MB and keeps the old file', async () => {
    await post('/api/template/writeFileContent', { fileName: 'default/big.txt', content: 'old' });
    const exact = 'a'.repeat(1024 * 1024);
    expect((await post('/api/template/writeFileContent', { fileName: 'default/big.txt', content: exact })).body.errorCode).toBe('0');
    const over = `${exact}b`;
    expect((await post('/api/template/writeFileContent', { fileName: 'default/big.txt', content: over })).body).toMatchObject({ errorCode: '1002', errorMsg: '文件内容不能超过1MB' });
    // Chinese characters count as UTF-8 bytes: 400,000 × 3 bytes > 1 MB.
    expect((await post('/api/template/writeFileContent', { fileName: 'default/big.txt', content: '中'.repeat(400_000) })).body.errorCode).toBe('1002');
    expect((await fs.stat(path.join(root, 'default', 'big.txt'))).size).toBe(1024 * 1024);
  });

  it('answers missing parameters and a missing parent folder', async () => {
    expect((await post('/api/template/writeFileContent', { content: 'x' })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：fileName' });
    expect((await post('/api/template/writeFileContent', { fileName: 'default/a.html' })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：content' });
    expect((await post('/api/template/writeFileContent', { fileName: 'default/a.html', content: 5 })).body.errorCode).toBe('1002');
    expect((await post('/api/template/writeFileContent', { fileName: 'default/none/a.html', content: 'x' })).body).toMatchObject({ errorCode: '1003', errorMsg: '上级目录不存在' });
    expect((await post('/api/template/writeFileContent', { fileName: 'default/css', content: 'x' })).body.errorCode).toBe('1002');
  });

  it('creates folders and deletes files and empty folders', async () => {
    expect((await post<Entry>('/api/template/createFolder', { folderName: 'spring' })).body).toMatchObject({ errorCode: '0', data: { type: 'DIR', path: 'spring' } });
    expect((await post('/api/template/createFolder', { folderName: 'spring' })).body.errorCode).toBe('1004');
    expect((await post('/api/template/createFolder', { folderName: 'spring/a?b' })).body.errorCode).toBe('1002');
    expect((await post('/api/template/createFolder', { folderName: 'none/sub' })).body.errorCode).toBe('1003');
    expect((await post('/api/template/writeFileContent', { fileName: 'spring/index.html', content: 'x' })).body.errorCode).toBe('0');
    expect((await post('/api/template/deleteFile', { fileName: 'spring' })).body).toMatchObject({ errorCode: '1005', errorMsg: '目录不为空，不能删除' });
    expect((await post('/api/template/deleteFile', { fileName: 'spring/index.html' })).body).toMatchObject({ errorCode: '0', data: { type: 'FILE' } });
    expect((await post('/api/template/deleteFile', { fileName: 'spring' })).body).toMatchObject({ errorCode: '0', data: { type: 'DIR' } });
    await expect(fs.access(path.join(root, 'spring'))).rejects.toThrow();
    expect((await post('/api/template/deleteFile', { fileName: 'spring' })).body.errorCode).toBe('1003');
    expect((await post('/api/template/deleteFile', {})).body.errorCode).toBe('1001');
  });

  it('deleting a link inside the root removes the link, not its target', async () => {
    await fs.symlink(path.join(root, 'default', 'list.html'), path.join(root, 'default', 'alias.html'));
    expect((await post('/api/template/deleteFile', { fileName: 'default/alias.html' })).body.errorCode).toBe('0');
    await expect(fs.lstat(path.join(root, 'default', 'alias.html'))).rejects.toThrow();
    expect((await fs.stat(path.join(root, 'default', 'list.html'))).isFile()).toBe(true);
  });
});

describe('permissions', () => {
  it('refuses a user without template keys (403) and anonymous callers (401)', async () => {
    const calls: [string, 'GET' | 'POST', Record<string, string>?, unknown?][] = [
      ['/api/template/query/app/skin', 'GET'],
      ['/api/template/query/template/skin', 'GET'],
      ['/api/template/readFileContent', 'GET', { fileName: 'default/index.html' }],
      ['/api/template/showChildFileAndFolder', 'GET', { skinFolderName: 'default' }],
      ['/api/template/writeFileContent', 'POST', undefined, { fileName: 'default/index.html', content: 'x' }],
      ['/api/template/createFolder', 'POST', undefined, { folderName: 'x' }],
      ['/api/template/deleteFile', 'POST', undefined, { fileName: 'default/index.html' }],
    ];
    for (const [p, method, query, body] of calls) {
      const r = await call(url, p, { method, query, body, token: editor });
      expect(r.status, p).toBe(403);
      expect(r.body.errorMsg).toBe('没有访问权限');
      expect((await call(url, p, { method, query, body })).status, p).toBe(401);
    }
    expect((await fs.readFile(path.join(root, 'default', 'index.html'), 'utf8')).length).toBeGreaterThan(10);
  });

  it('declares template:list, template:write and template:delete as Buttons under the 模板管理 menu, granted to 系统管理员', async () => {
    const menu = await call<{ buttonList: string[]; menusList: { alias: string; children?: { alias: string; url?: string }[] }[] }>(url, '/menu/list', { token: admin });
    expect(menu.body.data.buttonList).toEqual(expect.arrayContaining(['template:list', 'template:write', 'template:delete']));
    const system = menu.body.data.menusList.find((m) => m.alias === 'system');
    expect(system?.children?.find((c) => c.alias === 'template')?.url).toBe('/main/system/template');
  });
});
