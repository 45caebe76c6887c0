import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown>;
type Result = { pages: number; paths: string[]; removed?: number; assets?: number };

let server: TestServer;
let url: string;
let admin: string;
let shenhe: string;
let siteDir: string;
let columnId: number;
let originalContent: string;

const SITE = { siteName: '测试县人民政府门户网站', siteDomain: 'www.test.gov.cn', siteIdCode: '5301230001', keywords: '测试县,政府' };

const read = (rel: string) => fs.readFile(path.join(siteDir, rel), 'utf8');
const exists = (rel: string) => fs.access(path.join(siteDir, rel)).then(() => true, () => false);
const meta = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1];

async function okCall<T>(pathName: string, opts: Parameters<typeof call>[2] = {}): Promise<T> {
  const r = await call<T>(url, pathName, { token: admin, ...opts });
  expect(r.body.errorCode, `${pathName}: ${r.body.errorMsg}`).toBe('0');
  return r.body.data;
}

async function article(title: string, status: number, extra: Rec = {}): Promise<number> {
  const data = await okCall<Rec>('/api/article/save/admin', { body: { columnId, title, status, source: '县政府办公室', content: `<p>${title}的正文</p>`, ...extra } });
  return Number(data.articleId);
}

const writeTemplate = (fileName: string, content: string) => okCall('/api/template/writeFileContent', { body: { fileName, content } });

async function articlePath(id: number): Promise<string | undefined> {
  const years = await fs.readdir(path.join(siteDir, 'article')).catch(() => [] as string[]);
  for (const y of years) {
    for (const m of await fs.readdir(path.join(siteDir, 'article', y))) {
      if (await exists(`article/${y}/${m}/${id}.html`)) return `article/${y}/${m}/${id}.html`;
    }
  }
  return undefined;
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  siteDir = path.join(server.app.portal.config.dataDir, 'site');
  admin = await login(url, 'admin', server.adminPassword);
  shenhe = await login(url, 'shenhe', DEMO_PASSWORD);
  await okCall('/site/setting/save', { body: SITE });
  const col = await okCall<Rec>('/column/save', { query: { categoryTitle: '生成测试栏目', columnType: 1, categorySort: 99 } });
  columnId = Number(col.categoryId);
  originalContent = (await okCall<{ content: string }>('/api/template/readFileContent', { method: 'GET', query: { fileName: 'default/content.html' } })).content;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('static generation', () => {
  it('generates the home page with the government meta tags and the published articles', async () => {
    const data = await okCall<Result>('/api/generate/generateIndex');
    // The home page, then the skin's site pages (services, search, 网站地图, 404) that share its navigation.
    expect(data.paths[0]).toBe('index.html');
    expect(data.paths).toEqual(expect.arrayContaining(['search.html', 'mailbox.html', 'sitemap.html', '404.html']));
    expect(data.assets).toBeGreaterThanOrEqual(1);
    const html = await read('index.html');
    expect(meta(html, 'SiteName')).toBe(SITE.siteName);
    expect(meta(html, 'SiteDomain')).toBe(SITE.siteDomain);
    expect(meta(html, 'SiteIDCode')).toBe(SITE.siteIdCode);
    expect(meta(html, 'Keywords')).toBe(SITE.keywords);
    expect(html).toContain('云溪县召开2026年全县经济工作会议'); // a published demo article
    expect(html).not.toContain('县第一中学举办科技节活动'); // submitted, not published
    expect(await exists('css/style.css')).toBe(true);
    expect(await exists('index.html.tmp')).toBe(false);
  });

  it('generates a column in pages of 20 and removes pages that are no longer needed', async () => {
    for (let i = 1; i <= 22; i++) await article(`分页文章${String(i).padStart(2, '0')}`, 5, { sort: i });
    const data = await okCall<Result>(`/api/generate/${columnId}/genernateColumn`, { method: 'GET' });
    expect(data.paths).toEqual([`column/${columnId}/index.html`, `column/${columnId}/index_2.html`]);
    const first = await read(`column/${columnId}/index.html`);
    expect(meta(first, 'ColumnName')).toBe('生成测试栏目');
    expect(meta(first, 'ColumnType')).toBe('列表');
    expect(meta(first, 'SiteName')).toBe(SITE.siteName);
    expect(first).toContain('分页文章22');
    expect(first).not.toContain('分页文章02');
    expect(first).toContain(`/column/${columnId}/index_2.html`);
    const second = await read(`column/${columnId}/index_2.html`);
    expect(second).toContain('分页文章01');
    expect(second).toContain('第2页 / 共2页');

    // Take three down: one page is enough, index_2.html goes.
    const list = await okCall<{ rows?: Rec[]; list?: Rec[] } & Rec>('/api/article/list', { body: { columnId, pageSize: 3, sortField: 'sort', sortOrder: 'asc' } });
    const rows = (list.rows ?? list.list ?? list.records ?? []) as Rec[];
    expect(rows.length).toBe(3);
    await okCall('/api/article/rejectArticleTask', { body: { ids: rows.map((r) => r.articleId) } });
    const again = await okCall<Result>(`/api/generate/${columnId}/genernateColumn`, { method: 'GET' });
    expect(again.pages).toBe(1);
    // The take-down's article hook already rewrote the column and removed index_2.html (past the new last page).
    expect(again.removed).toBe(0);
    expect(await exists(`column/${columnId}/index_2.html`)).toBe(false);
  });

  it('generates the articles of a column published since a date, with meta tags and sanitised content', async () => {
    const id = await article('生成文章测试', 5, { publishTime: '2026-04-02 08:00:00', keywords: '生成,测试' });
    // Content that bypassed the editor's sanitising: the generator sanitises again.
    await server.app.db.updateTable('article').set({ content: '<p>正文段落</p><script>alert(1)</script><img src="/a.png" onerror="alert(2)">' }).where('articleId', '=', id).execute();
    const data = await okCall<Result>(`/api/generate/${columnId}/2026-04-01/generateArticle`, { method: 'GET' });
    expect(data.paths).toContain(`article/2026/04/${id}.html`);
    const html = await read(`article/2026/04/${id}.html`);
    expect(meta(html, 'ArticleTitle')).toBe('生成文章测试');
    expect(meta(html, 'PubDate')).toBe('2026-04-02 08:00:00');
    expect(meta(html, 'ContentSource')).toBe('县政府办公室');
    expect(meta(html, 'ColumnName')).toBe('生成测试栏目');
    expect(meta(html, 'Keywords')).toBe('生成,测试');
    expect(meta(html, 'SiteIDCode')).toBe(SITE.siteIdCode);
    expect(html).toContain('<p>正文段落</p>');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('onerror');

    // A later date leaves it out; 0 = every column includes the demo articles of March.
    const later = await okCall<Result>(`/api/generate/${columnId}/2099-01-01/generateArticle`, { method: 'GET' });
    expect(later.pages).toBe(0);
    const all = await okCall<Result>('/api/generate/0/2026-03-01/generateArticle', { method: 'GET' });
    expect(all.paths.some((p) => p.startsWith('article/2026/03/'))).toBe(true);
  });

  it('refuses bad parameters with business codes', async () => {
    const bad = async (p: string, code: string) => {
      const r = await call(url, p, { token: admin, method: 'GET' });
      expect(r.body.errorCode, p).toBe(code);
      expect(r.body.errorMsg).toBeTruthy();
    };
    await bad(`/api/generate/${columnId}/2026-13-01/generateArticle`, '1002');
    await bad(`/api/generate/${columnId}/yesterday/generateArticle`, '1002');
    await bad('/api/generate/abc/genernateColumn', '1002');
    await bad('/api/generate/999999/genernateColumn', '1003');
    await bad('/api/generate/..%2F..%2Fetc/viewIndex', '1002');
    await bad('/api/generate/nosuch/viewIndex', '1003');
    const cols = await okCall<Rec[]>('/column/list', { method: 'GET' });
    const link = cols.find((c) => Number(c.columnType) === 3);
    await bad(`/api/generate/${link?.categoryId}/genernateColumn`, '1005');
  });

  it('regenerates through the review workflow: approve writes the page, take-down removes it', async () => {
    const id = await article('走流程发布的文章', 4, { sort: 1000 });
    expect(await articlePath(id)).toBeUndefined();
    await okCall('/api/article/accept', { body: { ids: [id] } });
    expect(await articlePath(id)).toBeUndefined();
    await okCall('/api/article/approve', { body: { ids: [id] } });
    const rel = await articlePath(id);
    expect(rel).toBeDefined();
    expect(meta(await read(rel as string), 'ArticleTitle')).toBe('走流程发布的文章');
    expect(await read(`column/${columnId}/index.html`)).toContain('走流程发布的文章');
    expect(await read('index.html')).toContain('走流程发布的文章');

    await okCall('/api/article/rejectArticleTask', { body: { ids: [id] } });
    expect(await articlePath(id)).toBeUndefined();
    expect(await read(`column/${columnId}/index.html`)).not.toContain('走流程发布的文章');
    expect(await read('index.html')).not.toContain('走流程发布的文章');

    // Deleted articles lose their page too.
    const gone = await article('将被删除的文章', 5);
    expect(await articlePath(gone)).toBeDefined();
    await okCall('/api/article/rejectArticleTask', { body: { ids: [gone] } });
    await okCall('/api/article/delete', { body: { ids: [gone] } });
    expect(await articlePath(gone)).toBeUndefined();
  });

  it('answers 1002 for a broken template and keeps the old page', async () => {
    const id = await article('模板错误测试', 5, { publishTime: '2026-04-05 09:00:00' });
    const rel = `article/2026/04/${id}.html`;
    const before = await read(rel);
    try {
      await writeTemplate('default/content.html', '<html>{% if %}</html>');
      const r = await call(url, `/api/generate/${columnId}/2026-04-05/generateArticle`, { token: admin, method: 'GET' });
      expect(r.body.errorCode).toBe('1002');
      expect(r.body.errorMsg).toMatch(/^模板错误：/);
      expect(r.body.errorMsg).not.toContain(server.app.portal.config.dataDir);
      expect(await read(rel)).toBe(before);
      const list = await fs.readdir(path.dirname(path.join(siteDir, rel)));
      expect(list.filter((n) => n.includes('.tmp-'))).toEqual([]);
    } finally {
      await writeTemplate('default/content.html', originalContent);
    }
  });

  it('uses an include edited since the last run (the workers keep a skin\'s engine only while its files are unchanged)', async () => {
    const footer = (await okCall<{ content: string }>('/api/template/readFileContent', { method: 'GET', query: { fileName: 'default/include/footer.html' } })).content;
    await okCall('/api/generate/generateIndex');
    expect(await read('index.html')).not.toContain('页脚已修改');
    try {
      // The footer is memoised by the engine the workers keep: the edit must still reach the next run.
      await writeTemplate('default/include/footer.html', footer.replace('<footer', '<p>页脚已修改</p><footer'));
      await okCall('/api/generate/generateIndex');
      expect(await read('index.html')).toContain('页脚已修改');
    } finally {
      await writeTemplate('default/include/footer.html', footer);
    }
    await okCall('/api/generate/generateIndex');
    expect(await read('index.html')).not.toContain('页脚已修改');
  });

  it('confines hostile templates to the skin folder and limits their work', { timeout: 180_000 }, async () => {
    // `limit`: the refusal must come from the named limit (a template whose loops would run for hours is
    // stopped by it). Was a wall-clock bound of 8 s on every call: the render limit counts the page's CPU
    // (pageRenderLimit.ts), so on a loaded machine a runaway page takes longer than that to stop. The bound
    // left is the limit's own backstop in wall time (6 × 3 s) with room for a busy machine.
    const refused = async (name: string, content: string, limit?: RegExp) => {
      await writeTemplate(`default/${name}.html`, content);
      const started = Date.now();
      const r = await call<string>(url, `/api/generate/${name}/viewIndex`, { token: admin, method: 'GET' });
      expect(Date.now() - started).toBeLessThan(45_000);
      expect(r.body.errorCode, `${name}: ${JSON.stringify(r.body.data)?.slice(0, 100)}`).toBe('1002');
      expect(r.body.errorMsg).toMatch(/^模板错误：/);
      if (limit) expect(r.body.errorMsg).toMatch(limit);
      expect(JSON.stringify(r.body)).not.toContain('root:');
    };
    await refused('evilinclude', "{% include '../../../../../../etc/passwd' %}");
    await refused('evilrender', "{% render '/etc/passwd' %}");
    await refused('evillayout', "{% layout '../../templates/default/index' %}x");
    await refused('evilrange', '{% for i in (1..100000000) %}{{ i }}{% endfor %}', /memory alloc limit exceeded/);
    await refused('evilnested', '{% for i in (1..1000000) %}{% for j in (1..1000000) %}x{% endfor %}{% endfor %}', /limit exceeded|页面渲染超过/);
    await refused('evilfilter', '{{ "x" | nosuchfilter }}');
    // A link inside the skin pointing outside is not followed.
    const skin = path.join(server.app.portal.config.dataDir, 'templates', 'default');
    await fs.symlink('/etc/passwd', path.join(skin, 'passwd.html')).catch(() => undefined);
    await refused('evillink', "{% include 'passwd.html' %}");
    // Prototype properties are not reachable.
    await writeTemplate('default/evilproto.html', '[{{ site.constructor }}{{ site.__proto__ }}{{ homeColumns.constructor.name }}]');
    expect(await okCall<string>('/api/generate/evilproto/viewIndex', { method: 'GET' })).toBe('[]');
  });

  it('previews the home page without writing it', async () => {
    await fs.rm(path.join(siteDir, 'index.html'), { force: true });
    const html = await okCall<string>('/api/generate/0/viewIndex', { method: 'GET' });
    expect(meta(html, 'SiteName')).toBe(SITE.siteName);
    expect(await exists('index.html')).toBe(false);
  });

  it('refuses users without the generation keys (403) and anonymous callers (401)', async () => {
    for (const [p, method] of [
      ['/api/generate/generateIndex', 'POST'],
      [`/api/generate/${columnId}/genernateColumn`, 'GET'],
      [`/api/generate/${columnId}/2026-01-01/generateArticle`, 'GET'],
      ['/api/generate/0/viewIndex', 'GET'],
    ] as const) {
      const r = await call(url, p, { token: shenhe, method });
      expect(r.status, p).toBe(403);
      expect(r.body.errorMsg).toBe('没有访问权限');
      expect((await call(url, p, { method })).status, p).toBe(401);
    }
  });

  it('serves the generated pages read-only at /site/', async () => {
    await okCall('/api/generate/generateIndex');
    const home = await fetch(`${url}/site/index.html`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(meta(await home.text(), 'SiteName')).toBe(SITE.siteName);
    const folder = await fetch(`${url}/site/column/${columnId}/`);
    expect(folder.status).toBe(200);
    expect(await folder.text()).toContain('生成测试栏目');
    expect((await fetch(`${url}/site/css/style.css`)).status).toBe(200);
    const escape = await fetch(`${url}/site/..%2F..%2Fetc%2Fpasswd`);
    expect([403, 404]).toContain(escape.status);
    expect(await escape.text()).not.toContain('root:');
    expect((await fetch(`${url}/site/nosuch.html`)).status).toBe(404);
    expect((await fetch(`${url}/site/index.html`, { method: 'POST' })).status).not.toBe(200);
  });

  it('creates the 静态生成 menu entry granted to the administrator', async () => {
    const rows = (await server.app.db.selectFrom('resources').selectAll().where('alias', 'in', ['article_static', 'generation:run', 'generation:view']).execute()) as Rec[];
    expect(rows.map((r) => r.alias).sort()).toEqual(['article_static', 'generation:run', 'generation:view']);
    expect(rows.find((r) => r.alias === 'article_static')?.url).toBe('/main/article/static');
  });
});
