import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PermissionKeys } from '../../../../resources/types.js';
import { type Row, dynamic, type NewRow } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { bodyOf, readIds } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { declarationOf } from '../../declarationLookup.js';
import {
  checkTableName,
  ensureModelTable,
  loadModel,
  normaliseField,
  physicalTable,
  readFieldDefinition,
  tableNameTaken,
  type ModelField,
} from './service.js';
import { CONTENT_MODEL_INPUT } from './inputs.js';
import { pageOf } from '../../../shared/paging.js';

function pathNumber(request: FastifyRequest, name: string, label = name): number {
  const raw = (request.params as Record<string, string>)[name];
  const n = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n <= 0) throw invalidValue(`参数格式不正确：${label}`);
  return n;
}

function bodyNumber(body: Row, names: string[], label: string): number {
  for (const name of names) {
    const v = body[name];
    if (v === undefined || v === null || v === '') continue;
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n <= 0) throw invalidValue(`参数格式不正确：${name}`);
    return n;
  }
  throw missingParam(label);
}

/** /api/contentModel/*: the model's fields ("form"), its rows and the table-name check; the models themselves
 * are generic (resources/contentModel.ts, server/entities/contentModel.ts). See docs/content.md. */
export async function contentModelRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'contentModel');
  if (!decl) return;
  app.get('/api/contentModel/:key/checkcmTableNameExist', { config: { permission: decl.permissions.list }, schema: CONTENT_MODEL_INPUT.tableName, attachValidation: true }, async (request) => {
    const name = checkTableName((request.params as { key: string }).key);
    return ok(await tableNameTaken(app.db, name));
  });
  contentFieldRoutes(app, decl.permissions);
}

/** A model's fields ("form" in the original's call names) and its rows. */
function contentFieldRoutes(app: FastifyInstance, p: PermissionKeys) {
  const db = app.db;
  const dialect = app.portal.dialect;
  app.post('/api/contentModel/saveForm', { config: { permission: p.update }, schema: CONTENT_MODEL_INPUT.saveForm, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const cmId = bodyNumber(body, ['fieldCmId', 'cmId', 'contentModelId'], 'fieldCmId');
    const def = readFieldDefinition(body, 'create');
    const field = await db.transaction().execute(async (trx) => {
      const model = await loadModel(trx, cmId);
      if (!model) throw notFoundRecord();
      if (model.fields.some((f) => f.fieldFieldName === def.fieldFieldName)) throw new PortalError(1004, `字段名已存在：${String(def.fieldFieldName)}`);
      if (def.fieldSort === undefined) def.fieldSort = model.fields.length;
      const row = await trx.insertInto('content_model_field').values({ ...def, fieldCmId: cmId, createTime: formatDateTime() } as NewRow<'content_model_field'>).returning('fieldId').executeTakeFirstOrThrow();
      await ensureModelTable(trx, dialect, model.cmTableName, [def as unknown as ModelField]);
      return normaliseField(await trx.selectFrom('content_model_field').selectAll().where('fieldId', '=', row.fieldId).executeTakeFirstOrThrow());
    });
    return ok(field, '新增成功');
  });

  app.post('/api/contentModel/updateForm', { config: { permission: p.update }, schema: CONTENT_MODEL_INPUT.updateForm, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const fieldId = bodyNumber(body, ['fieldId', 'id'], 'fieldId');
    const def = readFieldDefinition(body, 'update');
    const field = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('content_model_field').selectAll().where('fieldId', '=', fieldId).executeTakeFirst();
      if (!row) throw notFoundRecord();
      const existing = normaliseField(row);
      if (def.fieldFieldName !== undefined && def.fieldFieldName !== existing.fieldFieldName) throw new PortalError(1005, '字段名保存后不能修改');
      delete def.fieldFieldName;
      if (def.fieldType !== undefined && (Number(def.fieldType) === 4) !== (existing.fieldType === 4)) {
        throw new PortalError(1005, '字段类型不能在数字与文本类之间修改');
      }
      if (Object.keys(def).length) await trx.updateTable('content_model_field').set(def).where('fieldId', '=', fieldId).execute();
      return normaliseField(await trx.selectFrom('content_model_field').selectAll().where('fieldId', '=', fieldId).executeTakeFirstOrThrow());
    });
    return ok(field, '修改成功');
  });

  app.post('/api/contentModel/deleteForm', { config: { permission: p.update }, schema: CONTENT_MODEL_INPUT.deleteForm, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const ids = body.fieldId !== undefined && body.ids === undefined ? [bodyNumber(body, ['fieldId'], 'fieldId')] : readIds(request, 'ids');
    const n = await db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom('content_model_field').select('fieldId').where('fieldId', 'in', ids).execute();
      if (found.length !== ids.length) throw notFoundRecord();
      // The column stays in the model's table with its data; only the definition goes.
      const r = await trx.deleteFrom('content_model_field').where('fieldId', 'in', ids).executeTakeFirst();
      return Number(r.numDeletedRows);
    });
    return ok(n, '删除成功');
  });

  app.get('/api/contentModel/:key/getFromById', { config: { permission: p.get }, schema: CONTENT_MODEL_INPUT.getForm, attachValidation: true }, async (request) => {
    const id = pathNumber(request, 'key', 'filedId');
    const row = await db.selectFrom('content_model_field').selectAll().where('fieldId', '=', id).executeTakeFirst();
    if (!row) throw notFoundRecord();
    return ok(normaliseField(row));
  });

  // A page of the model's rows (one per article), newest article first, with the article's title and column.
  app.get('/api/contentModel/:key/:pageNumber/:pageSize/listForm', { config: { permission: p.get }, schema: CONTENT_MODEL_INPUT.rows, attachValidation: true }, async (request) => {
    const cmId = pathNumber(request, 'key', 'contentModelId');
    const pageNum = pathNumber(request, 'pageNumber');
    const pageSize = Math.min(pathNumber(request, 'pageSize'), 200);
    const model = await loadModel(db, cmId);
    if (!model) throw notFoundRecord();
    const table = physicalTable(model.cmTableName);
    await ensureModelTable(db, dialect, model.cmTableName, model.fields);
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
