import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord } from '../../../http/errors.js';
import { queryOf } from '../../../http/params.js';
import { buildTree, descendantIds, findColumn, loadColumns } from '../columns/service.js';
import { readOneId } from './service.js';
import { COLUMN_INPUT } from './inputs.js';

/**
 * The public site's column call (no login) beside 文章's declared reads (its lists, its detail, 近日热读:
 * resources/article.ts) and the hit counter: a column's page data.
 */
export async function articlePublicRoutes(app: FastifyInstance) {
  const db = app.db;

  // A column's public data: its fields, its children and the path from the top.
  app.get('/api/article/column', { config: { public: true }, schema: COLUMN_INPUT, attachValidation: true }, async (request) => {
    const id = readOneId(queryOf(request), {}, ['categoryId']);
    const column = await findColumn(db, id);
    if (!column) throw notFoundRecord();
    const rows = await loadColumns(db);
    const byId = new Map(rows.map((r) => [r.categoryId, r]));
    const breadcrumb: { categoryId: number; categoryTitle: string }[] = [];
    const seen = new Set<number>();
    for (let cur = byId.get(id); cur && !seen.has(cur.categoryId); cur = byId.get(cur.categoryCategoryId)) {
      seen.add(cur.categoryId);
      breadcrumb.unshift({ categoryId: cur.categoryId, categoryTitle: cur.categoryTitle });
    }
    const sub = new Set(descendantIds(rows, id));
    const children = buildTree(rows.filter((r) => sub.has(r.categoryId))).find((n) => n.categoryId === id)?.children ?? [];
    return ok({ ...column, children, breadcrumb });
  });
}
