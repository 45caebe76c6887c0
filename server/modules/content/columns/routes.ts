import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, readId } from '../../../http/params.js';
import { declarationOf } from '../../declarationLookup.js';
import { columnInputs } from './inputs.js';
import { loadColumns, userColumnIds } from './service.js';
import { withAncestors } from '../../../shared/subtree.js';

const TEMPLATE_EXT = /\.(html?|liquid)$/i;

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

/**
 * 栏目 beside its generic routes (list / get / save / edit / del, server/entities/column.ts; the tree, a role's
 * columns and the form's content models are declared reads): the template files the form chooses from, the
 * grants saved by role (the spec's call names the role, not a column; the same category_role rows are the
 * column's declared link `roleIds`) and the caller's columns.
 */
export async function columnRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'column') as ResourceDecl | undefined;
  if (!decl) return;
  const input = columnInputs();
  app.get('/column/tem/list', { config: { permission: decl.permissions.list }, schema: input.none, attachValidation: true }, async () => {
    const files = await templateFiles(path.join(app.portal.config.dataDir, 'templates'));
    return ok(files);
  });
  columnGrantRoutes(app, input);
}

type ColumnInputs = ReturnType<typeof columnInputs>;

/** The columns granted to a role, saved by role, and the current user's columns. */
function columnGrantRoutes(app: FastifyInstance, input: ColumnInputs) {
  const db = app.db;
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
    const keep = withAncestors(rows, set, (r) => r.categoryId, (r) => r.categoryCategoryId);
    return ok(rows.filter((r) => keep.has(r.categoryId)).map((r) => ({ ...r, granted: set.has(r.categoryId) })));
  });

}
