import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import article from '../../../resources/article';
import column from '../../../resources/column';
import contentModel from '../../../resources/contentModel';
import report from '../../../resources/report';
import type { ResourceDecl } from '../../../resources/types';
import { fieldCheckHooks } from '../../../server/crud/fieldChecks';
import { listFiles } from '../../../server/crud/filesCall';
import { markedIds, strictPaging } from '../../../server/crud/marks';
import { flaggedWithAncestors } from '../../../server/crud/reads/ancestors';
import { registerCrudRoutes } from '../../../server/crud/routes';
import { ajvOptions } from '../../../server/crud/schema/ajv';

// Session 27's generic options (docs/extending.md "Session 27: 报送 and 栏目"): `marks`, a read's `ancestors`, `files`.

describe('a read\'s ancestors (server/crud/reads/ancestors.ts)', () => {
  const tree = { name: 'node', idField: 'id', tree: { parentField: 'parentId' } } as unknown as ResourceDecl;
  const all = [
    { id: 1, parentId: 0 },
    { id: 2, parentId: 1 },
    { id: 3, parentId: 2 },
    { id: 4, parentId: 1 },
    { id: 5, parentId: 0 },
  ];
  it('keeps the found records and the ancestors placing them, in the order of all, flagged', () => {
    expect(flaggedWithAncestors(tree, 'granted', all, [{ id: 3, parentId: 2 }])).toEqual([
      { id: 1, parentId: 0, granted: false },
      { id: 2, parentId: 1, granted: false },
      { id: 3, parentId: 2, granted: true },
    ]);
    expect(flaggedWithAncestors(tree, 'mine', all, [{ id: 5 }, { id: 1 }]).map((r) => [r.id, r.mine])).toEqual([[1, true], [5, true]]);
    expect(flaggedWithAncestors(tree, 'granted', all, [])).toEqual([]);
  });
  it('needs a declared tree', () => {
    expect(() => flaggedWithAncestors({ name: 'flat', idField: 'id' } as unknown as ResourceDecl, 'granted', all, [])).toThrow(/tree/);
  });
});

describe('files calls (server/crud/filesCall.ts)', () => {
  let root = '';
  afterAll(async () => root && fs.rm(root, { recursive: true, force: true }));
  it('answers the files by ending (any case) below the folder, relative, sorted; hidden, other endings and too deep left out', async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'files-call-'));
    for (const f of ['b/list.HTML', 'a.htm', 'b/style.css', '.hidden/x.html', 'c/d/e.liquid', 'c/d/e/f/g.html']) {
      await fs.mkdir(path.dirname(path.join(root, f)), { recursive: true });
      await fs.writeFile(path.join(root, f), 'x');
    }
    const decl = { folder: 'templates', ext: ['html', 'htm', 'liquid'] };
    expect(await listFiles(root, decl)).toEqual(['a.htm', 'b/list.HTML', 'c/d/e.liquid', 'c/d/e/f/g.html']);
    expect(await listFiles(root, { ...decl, depth: 2 })).toEqual(['a.htm', 'b/list.HTML', 'c/d/e.liquid']);
    expect(await listFiles(root, { ...decl, ext: ['css'] })).toEqual(['b/style.css']);
    expect(await listFiles(path.join(root, 'none'), decl)).toEqual([]);
  });
});

describe('marks (server/crud/marks.ts)', () => {
  const request = (body: Record<string, unknown>, query: Record<string, unknown> = {}) => ({ body, query }) as unknown as FastifyRequest;
  const del = report.marks.delete;

  it('reads the paging strictly: a malformed value is refused, the size capped at 200', () => {
    expect(strictPaging({})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(strictPaging({ pageNumber: '3', pageSize: 500 })).toEqual({ pageNum: 3, pageSize: 200 });
    expect(() => strictPaging({ pageNum: 0 })).toThrow('参数格式不正确：pageNum');
    expect(() => strictPaging({ pageSize: 'x' })).toThrow('参数格式不正确：pageSize');
  });

  it('reads the delete\'s ids under the first name given, body before query, each once', () => {
    expect(markedIds(request({ ids: [3, 3, '4'] }), del)).toEqual([3, 4]);
    expect(markedIds(request({ articleId: 7 }, { ids: '5,6' }), del)).toEqual([5, 6]);
    expect(markedIds(request({ id: '8' }), del)).toEqual([8]);
    expect(() => markedIds(request({}), del)).toThrow('缺少必填参数：ids');
    expect(() => markedIds(request({ ids: 'a' }), del)).toThrow('参数格式不正确：ids');
    expect(() => markedIds(request({ ids: Array.from({ length: 201 }, (_v, i) => i + 1) }), del)).toThrow('一次最多处理200篇文章');
  });

  // Copies without their actions (a declared `run` needs the behaviour file loaded).
  const bare = (d: ResourceDecl): ResourceDecl => ({ ...d, actions: [] });
  const [art, rep] = [bare(article as ResourceDecl), bare(report as ResourceDecl)];
  async function routesOf(decls: readonly ResourceDecl[], decl: ResourceDecl) {
    const app = Fastify({ ajv: ajvOptions });
    app.decorate('portal', { declarations: decls } as never);
    registerCrudRoutes(app, decl);
    await app.ready();
    const paths = app.printRoutes({ commonPrefix: false });
    await app.close();
    return paths;
  }

  it('serves the list, the declared lists and the delete, and leaves the get to the marked entity', async () => {
    const paths = await routesOf([art, rep], rep);
    for (const p of ['/api/report/reportList', '/api/report/my', '/api/report/role', '/api/report/deleteReport']) expect(paths).toContain(p);
    expect(paths).not.toContain('redisByArticleId');
  });

  it('refuses a get that is not the marked entity\'s own call, and serves nothing when that entity is not declared', async () => {
    const odd = { ...rep, api: { ...rep.api, get: { ...rep.api.get, path: '/api/report/get' } } } as ResourceDecl;
    await expect(routesOf([art, odd], odd)).rejects.toThrow(/its get is \/api\/article\/redisByArticleId/);
    expect(await routesOf([rep], rep)).not.toContain('reportList');
  });
});

describe('declared field rules (server/crud/fieldChecks.ts): mustExist, fileOf', () => {
  // 栏目's declaration; a store that holds only the ids in `held` (any table).
  const decls = [column, contentModel] as unknown as ResourceDecl[];
  const [hook] = fieldCheckHooks(decls[0]!, (name) => decls.find((d) => d.name === name)).beforeChange!;
  const run = (data: Record<string, unknown>, original?: Record<string, unknown>, held: number[] = [5]) => {
    const where = (_c: string, _op: string, v: number) => ({ executeTakeFirst: async () => (held.includes(v) ? { id: v } : undefined) });
    const trx = { selectFrom: () => ({ select: () => ({ where }) }) };
    return hook!({ operation: original ? 'update' : 'create', data, original, ctx: { trx } } as never);
  };
  it('refuses a reference to no record, or to the record itself; a sent 0 is stored as null', async () => {
    await expect(run({ columnContentModelId: 9 })).rejects.toThrow('内容模型不存在');
    await expect(run({ relationCategoryid: 7 }, { categoryId: 7 }, [7])).rejects.toThrow('关联栏目不能是本栏目');
    await expect(run({ categoryTitle: 'x' }, { categoryId: 7, relationCategoryid: 9 })).rejects.toThrow('关联栏目不存在');
    expect(await run({ columnContentModelId: 5, relationCategoryid: 0 })).toEqual({ columnContentModelId: 5, relationCategoryid: null });
  });
  it('takes a file below the folder with one of the files call\'s endings, any case', async () => {
    await expect(run({ columnUrl: '../x.html' })).rejects.toThrow('内容模板路径无效');
    await expect(run({ columnListUrl: 'a/b.txt' })).rejects.toThrow('列表模板必须是 .html 文件');
    expect(await run({ columnListUrl: 'a/B.HTML', columnUrl: 'c.liquid' })).toEqual({ columnListUrl: 'a/B.HTML', columnUrl: 'c.liquid' });
  });
});
