import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import { validateRecord } from '../../../crud/validate.js';
import type { Db, Row, NewRow } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf, readId, readIds } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { pathSegments } from '../../../files/confine.js';
import { declarationOf } from '../../declarationLookup.js';
import { columnInputs } from './inputs.js';
import { buildTree, descendantIds, findColumn, loadColumns, normaliseColumn, userColumnIds, type ColumnRow } from './service.js';

const TEMPLATE_EXT = /\.(html?|liquid)$/i;

/** A column's own site path: its parent's path, then its id (`/3/12`). */
function pathOf(parent: ColumnRow | undefined, id: number): string {
  return `${parent?.columnPath ?? ''}/${id}`;
}

/** Recomputes `columnPath` of a column's subtree after it moved. */
async function repath(db: Db, id: number): Promise<void> {
  const rows = await loadColumns(db);
  const byId = new Map(rows.map((r) => [r.categoryId, r]));
  const visit = async (cid: number, parentPath: string) => {
    const p = `${parentPath}/${cid}`;
    await db.updateTable('category').set({ columnPath: p }).where('categoryId', '=', cid).execute();
    for (const child of rows.filter((r) => r.categoryCategoryId === cid && r.categoryId !== cid)) await visit(child.categoryId, p);
  };
  const self = byId.get(id);
  if (!self) return;
  const parent = byId.get(self.categoryCategoryId);
  await visit(id, parent?.columnPath ?? '');
}

/** Checks the values that refer to other records and the type rules; answers the values to store. */
async function checkColumn(db: Db, values: Row, id: number | null, merged: Row): Promise<void> {
  const parentId = Number(merged.categoryCategoryId ?? 0);
  if (parentId !== 0) {
    const rows = await loadColumns(db);
    if (!rows.some((r) => r.categoryId === parentId)) throw invalidValue('上级栏目不存在');
    if (id !== null && descendantIds(rows, id).includes(parentId)) throw invalidValue('上级栏目不能是本栏目或其下级栏目');
    const parent = rows.find((r) => r.categoryId === parentId);
    if (parent && parent.columnType === 3) throw invalidValue('外链栏目下不能添加子栏目');
  }
  if (Number(merged.columnType) === 3 && !merged.columnDiyUrl) throw missingParam('columnDiyUrl');
  const modelId = merged.columnContentModelId;
  if (modelId !== null && modelId !== undefined && modelId !== 0) {
    const m = await db.selectFrom('content_model').select('cmId').where('cmId', '=', Number(modelId)).executeTakeFirst();
    if (!m) throw invalidValue('内容模型不存在');
  }
  if (values.columnContentModelId === 0) values.columnContentModelId = null;
  const rel = merged.relationCategoryid;
  if (rel !== null && rel !== undefined && rel !== 0) {
    if (id !== null && Number(rel) === id) throw invalidValue('关联栏目不能是本栏目');
    if (!(await findColumn(db, Number(rel)))) throw invalidValue('关联栏目不存在');
  }
  if (values.relationCategoryid === 0) values.relationCategoryid = null;
  for (const key of ['columnListUrl', 'columnUrl'] as const) {
    const v = values[key];
    if (typeof v === 'string' && v !== '') {
      try {
        pathSegments(v);
      } catch {
        throw invalidValue(`${key === 'columnUrl' ? '内容模板' : '列表模板'}路径无效`);
      }
      if (!TEMPLATE_EXT.test(v)) throw invalidValue(`${key === 'columnUrl' ? '内容模板' : '列表模板'}必须是 .html 文件`);
    }
  }
}

/** Template files below `${dataDir}/templates/` (list and content templates of columns). */
async function templateFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, rel: string, depth: number) => {
    if (depth > 4 || out.length >= 2000) return;
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.isSymbolicLink()) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), r, depth + 1);
      else if (e.isFile() && TEMPLATE_EXT.test(e.name)) out.push(r);
    }
  };
  await walk(root, '', 0);
  return out.sort();
}

function queryValues(request: FastifyRequest): Record<string, unknown> {
  // Column saves take query fields (spec part 2); a JSON body is accepted as well.
  return { ...bodyOf(request), ...queryOf(request) };
}

/** /column/*: the column tree, its saves (query fields), deletes and role grants. */
export async function columnRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'column') as ResourceDecl | undefined;
  if (!decl) return;
  const input = columnInputs(decl);
  columnReadRoutes(app, decl, input);
  columnSaveRoutes(app, decl, input);
  columnGrantRoutes(app, decl, input);
}

type ColumnInputs = ReturnType<typeof columnInputs>;

/** The tree, one column, and what a column form chooses from (models, template files). */
function columnReadRoutes(app: FastifyInstance, decl: ResourceDecl, input: ColumnInputs) {
  const db = app.db;
  const p = decl.permissions;
  app.get('/column/list', { config: { permission: p.list }, schema: input.list, attachValidation: true }, async (request) => {
    const q = queryOf(request);
    const title = typeof q.categoryTitle === 'string' ? q.categoryTitle.trim() : '';
    const rows = await loadColumns(db);
    return ok(title ? rows.filter((r) => r.categoryTitle.includes(title)) : rows);
  });

  app.get('/column/tree', { config: { permission: p.list }, schema: input.none, attachValidation: true }, async () => ok(buildTree(await loadColumns(db))));

  app.post('/column/get/:id', { config: { permission: p.get }, schema: input.get, attachValidation: true }, async (request) => {
    const id = Number((request.params as { id: string }).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw invalidValue('参数格式不正确：id');
    const column = await findColumn(db, id);
    if (!column) throw notFoundRecord();
    return ok(column);
  });

  app.get('/column/content/model/list', { config: { permission: p.list }, schema: input.none, attachValidation: true }, async () =>
    ok(await db.selectFrom('content_model').select(['cmId', 'cmTipsName', 'cmTableName']).orderBy('cmId', 'asc').execute()),
  );

  app.get('/column/tem/list', { config: { permission: p.list }, schema: input.none, attachValidation: true }, async () => {
    const files = await templateFiles(path.join(app.portal.config.dataDir, 'templates'));
    return ok(files);
  });
}

/** New columns, edits (a move repaths the subtree), deletes of empty columns. */
function columnSaveRoutes(app: FastifyInstance, decl: ResourceDecl, input: ColumnInputs) {
  const db = app.db;
  const p = decl.permissions;
  app.post('/column/save', { config: { permission: p.create }, schema: input.save, attachValidation: true }, async (request) => {
    const input = queryValues(request);
    if (input.columnType === undefined || input.columnType === '') throw missingParam('columnType');
    if (input.categoryTitle === undefined || input.categoryTitle === '') throw missingParam('categoryTitle');
    const values = validateRecord(decl, input, 'create');
    await checkColumn(db, values, null, values);
    const now = formatDateTime();
    const saved = await db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('category').values({ ...values, createTime: now, updateTime: now } as NewRow<'category'>).returning('categoryId').executeTakeFirstOrThrow();
      const id = row.categoryId;
      const parent = Number(values.categoryCategoryId ?? 0) ? await findColumn(trx, Number(values.categoryCategoryId)) : undefined;
      await trx.updateTable('category').set({ columnPath: pathOf(parent, id) }).where('categoryId', '=', id).execute();
      return (await findColumn(trx, id)) as ColumnRow;
    });
    return ok(saved, '新增成功');
  });

  app.post('/column/edit', { config: { permission: p.update }, schema: input.edit, attachValidation: true }, async (request) => {
    const input = queryValues(request);
    const id = readId(request, 'categoryId');
    const values = validateRecord(decl, input, 'update');
    const saved = await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('category').selectAll().where('categoryId', '=', id).executeTakeFirst();
      if (!existing) throw notFoundRecord();
      const merged = { ...normaliseColumn(existing), ...values };
      await checkColumn(trx, values, id, merged);
      await trx.updateTable('category').set({ ...values, updateTime: formatDateTime() }).where('categoryId', '=', id).execute();
      if (values.categoryCategoryId !== undefined && Number(values.categoryCategoryId) !== existing.categoryCategoryId) await repath(trx, id);
      return (await findColumn(trx, id)) as ColumnRow;
    });
    return ok(saved, '修改成功');
  });

  app.post('/column/del', { config: { permission: p.delete }, schema: input.del, attachValidation: true }, async (request) => {
    const ids = readIds(request, 'ids');
    const n = await db.transaction().execute(async (trx) => {
      const rows = await loadColumns(trx);
      for (const id of ids) {
        const col = rows.find((r) => r.categoryId === id);
        if (!col) throw notFoundRecord();
        const child = rows.find((r) => r.categoryCategoryId === id && !ids.includes(r.categoryId));
        if (child) throw new PortalError(1005, `栏目“${col.categoryTitle}”下有子栏目，不能删除`);
        const art = await trx.selectFrom('article').select('articleId').where('columnId', '=', id).executeTakeFirst();
        if (art) throw new PortalError(1005, `栏目“${col.categoryTitle}”下有文章，不能删除`);
      }
      await trx.deleteFrom('category_role').where('categoryId', 'in', ids).execute();
      await trx.updateTable('category').set({ relationCategoryid: null }).where('relationCategoryid', 'in', ids).execute();
      const r = await trx.deleteFrom('category').where('categoryId', 'in', ids).executeTakeFirst();
      return Number(r.numDeletedRows);
    });
    return ok(n, '删除成功');
  });

}

/** The columns granted to a role, and the current user's columns. */
function columnGrantRoutes(app: FastifyInstance, _decl: ResourceDecl, input: ColumnInputs) {
  const db = app.db;
  app.get('/column/role/list', { config: { permission: 'column:role' }, schema: input.roleList, attachValidation: true }, async (request) => {
    const roleId = readId(request, 'roleId');
    const rows = (await db.selectFrom('category_role').select('categoryId').where('roleId', '=', roleId).orderBy('categoryId').execute()) as { categoryId: number }[];
    return ok(rows.map((r) => r.categoryId));
  });

  app.post('/column/role/save', { config: { permission: 'column:role' }, schema: input.roleSave, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const roleId = readId(request, 'roleId');
    const raw = body.categoryIds ?? body.categoryIdList ?? body.ids;
    if (raw === undefined || raw === null) throw missingParam('categoryIds');
    const list = Array.isArray(raw) ? raw : String(raw).split(',').filter((s) => s.trim() !== '');
    const ids = [...new Set(list.map((v) => Number(v)))];
    if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw invalidValue('参数格式不正确：categoryIds');
    const role = await db.selectFrom('roles').select('roleId').where('roleId', '=', roleId).executeTakeFirst();
    if (!role) throw invalidValue('角色不存在');
    await db.transaction().execute(async (trx) => {
      if (ids.length) {
        const found = await trx.selectFrom('category').select('categoryId').where('categoryId', 'in', ids).execute();
        if (found.length !== ids.length) throw invalidValue('栏目不存在');
      }
      await trx.deleteFrom('category_role').where('roleId', '=', roleId).execute();
      for (const categoryId of ids) await trx.insertInto('category_role').values({ roleId, categoryId }).execute();
    });
    return ok(ids, '保存成功');
  });

  // The columns of the current user: granted ones (granted: true) plus the ancestors that place them in the tree.
  app.get('/column/role/user/list', { config: { permission: 'article:list' }, schema: input.none, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const rows = await loadColumns(db);
    const granted = await userColumnIds(db, user);
    if (granted === null) return ok(rows.map((r) => ({ ...r, granted: true })));
    const set = new Set(granted);
    const keep = new Set<number>();
    const byId = new Map(rows.map((r) => [r.categoryId, r]));
    for (const id of set) {
      let cur = byId.get(id);
      while (cur && !keep.has(cur.categoryId)) {
        keep.add(cur.categoryId);
        cur = byId.get(cur.categoryCategoryId);
      }
    }
    return ok(rows.filter((r) => keep.has(r.categoryId)).map((r) => ({ ...r, granted: set.has(r.categoryId) })));
  });

}
