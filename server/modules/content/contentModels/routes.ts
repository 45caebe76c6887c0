import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Row, dynamic } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, notFoundRecord } from '../../../http/errors.js';
import { declarationOf } from '../../declarationLookup.js';
import { ensureModelTable, loadModel, physicalTable } from './service.js';
import { CONTENT_MODEL_INPUT } from './inputs.js';
import { pageOf } from '../../../shared/paging.js';

function pathNumber(request: FastifyRequest, name: string, label = name): number {
  const raw = (request.params as Record<string, string>)[name];
  const n = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n <= 0) throw invalidValue(`参数格式不正确：${label}`);
  return n;
}

/**
 * /api/contentModel/*: the rows of a model's own table. The models are generic (resources/contentModel.ts,
 * server/entities/contentModel.ts), and so are the table-name check (表名's `existsAt`) and their fields' calls
 * (the child collection's `rowCalls`: saveForm, updateForm, deleteForm, getFromById). See docs/content.md.
 */
export async function contentModelRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'contentModel');
  if (!decl) return;
  const db = app.db;
  // A page of the model's rows (one per article), newest article first, with the article's title and column.
  app.get('/api/contentModel/:key/:pageNumber/:pageSize/listForm', { config: { permission: decl.permissions.get }, schema: CONTENT_MODEL_INPUT.rows, attachValidation: true }, async (request) => {
    const cmId = pathNumber(request, 'key', 'contentModelId');
    const pageNum = pathNumber(request, 'pageNumber');
    const pageSize = Math.min(pathNumber(request, 'pageSize'), 200);
    const model = await loadModel(db, cmId);
    if (!model) throw notFoundRecord();
    const table = physicalTable(model.cmTableName);
    await ensureModelTable(db, app.portal.dialect, model.cmTableName, model.fields);
    const total = Number(((await dynamic(db).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
    const rows = (await dynamic(db)
      .selectFrom(`${table} as m`)
      .leftJoin('article as a', 'a.articleId', 'm.articleId')
      .selectAll('m')
      .select(['a.title as title', 'a.columnId as columnId', 'a.status as status'])
      .orderBy('m.articleId', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute()) as Row[];
    return ok({ ...pageOf(rows, { pageNum, pageSize }, total), fields: model.fields });
  });
}
