import type { FastifyInstance } from 'fastify';
import type { DynamicDb } from '../../db/types.js';
import { ok } from '../../http/envelope.js';
import { invalidValue, notFoundRecord } from '../../http/errors.js';
import { param } from '../../http/params.js';
import { declarationOf } from '../declarationLookup.js';
import { describeInput } from '../../http/routeInput.js';

/**
 * POST /sysArea/list (idDto): the areas directly under `id`, by sort then code; without an id, the
 * county's towns (the children of the level-1 area). Public: the site's address pickers use it.
 */
export async function sysAreaRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'sysArea');
  if (!decl) return;
  // The declaration's table is named at run time (decl.table): the untyped handle.
  const db: DynamicDb = app.db;
  app.post('/sysArea/list', { config: { public: true }, schema: describeInput({ either: { id: ['integer', '上级区划ID（不传为本县，0为顶级）'] } }), attachValidation: true }, async (request) => {
    const raw = param(request, 'id');
    let parentId: number;
    if (raw === undefined || raw === null || raw === '') {
      const county = (await db.selectFrom(decl.table).select('id').where('level', '=', 1).orderBy('id').executeTakeFirst()) as { id: number } | undefined;
      parentId = county ? county.id : 0;
    } else {
      parentId = Number(raw);
      if (!Number.isSafeInteger(parentId) || parentId < 0) throw invalidValue('参数格式不正确：id');
      if (parentId > 0 && !(await db.selectFrom(decl.table).select('id').where('id', '=', parentId).executeTakeFirst())) throw notFoundRecord();
    }
    const list = await db
      .selectFrom(decl.table)
      .select(['id', 'parentId', 'name', 'code', 'level', 'sort'])
      .where('parentId', '=', parentId)
      .orderBy('sort', 'asc')
      .orderBy('code', 'asc')
      .execute();
    return ok(list);
  });
}
