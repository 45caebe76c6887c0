import type { RecordData } from '../../resources/behaviour.js';
import { dialectOf, type Db, type Row } from '../db/types.js';
import { invalidValue, missingParam, PortalError } from '../http/errors.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { EntityContext } from '../crud/entity/types.js';
import { checkTableName, ensureModelTable, normaliseField, physicalTable, readFieldDefinition, tableNameTaken, type ModelField } from '../modules/content/contentModels/service.js';
import { plainText } from '../shared/text.js';

/** The fields a new model's body brings, from beforeValidate to afterChange of the same operation. */
const pendingFields = new WeakMap<object, Row[]>();

function modelTitle(body: RecordData, required: boolean): string | undefined {
  const raw = body.cmTipsName;
  if (raw === undefined && !required) return undefined;
  const text = typeof raw === 'string' ? plainText(raw, 'input') : '';
  if (!text) throw missingParam('cmTipsName');
  if ([...text].length > 50) throw invalidValue('模型名称长度不能超过50个字符');
  return text;
}

/** The field definitions of a new model's body (sorted as sent; one name once). */
function newFields(body: RecordData): Row[] {
  const raw = Array.isArray(body.fields) ? (body.fields as Row[]) : [];
  const fields: Row[] = raw.map((f, i) => ({ fieldSort: i, ...readFieldDefinition(f ?? {}, 'create') }));
  const names = new Set<string>();
  for (const f of fields) {
    if (names.has(String(f.fieldFieldName))) throw new PortalError(1004, `字段名已存在：${String(f.fieldFieldName)}`);
    names.add(String(f.fieldFieldName));
  }
  return fields;
}

const typed = (ctx: EntityContext) => ctx.trx as unknown as Db;

/**
 * 自定义模型 (docs/content.md): the refusals the module answered (表名 rules, 表名已存在, 表名保存后不能修改,
 * a model in use by a column), the fields of a new model written with it, the model's table made on create
 * and dropped on delete, and the fields answered with every model read.
 */
export default defineBehaviour({
  name: 'contentModel',
  hooks: {
    beforeValidate: [
      async ({ operation, data, original, ctx }) => {
        if (operation === 'update') {
          if (data.cmTableName !== undefined && data.cmTableName !== original?.cmTableName) throw new PortalError(1005, '表名保存后不能修改');
          const { cmTableName: _same, ...rest } = data;
          const title = modelTitle(data, false);
          return title === undefined ? rest : { ...rest, cmTipsName: title };
        }
        const cmTipsName = modelTitle(data, true);
        const cmTableName = checkTableName(data.cmTableName);
        pendingFields.set(ctx, newFields(data));
        if (await tableNameTaken(typed(ctx), cmTableName)) throw new PortalError(1004, `表名已存在：${cmTableName}`);
        return { ...data, cmTipsName, cmTableName };
      },
    ],
    afterChange: [
      async ({ operation, record, ctx }) => {
        if (operation !== 'create') return;
        const fields = pendingFields.get(ctx) ?? [];
        // content_model_field is the model's own child table (no declaration of its own).
        for (const f of fields) await ctx.trx.insertInto('content_model_field').values({ ...f, fieldCmId: record.cmId, createTime: ctx.now }).execute();
        await ensureModelTable(typed(ctx), dialectOf(typed(ctx)), String(record.cmTableName), fields as unknown as ModelField[]);
      },
    ],
    beforeDelete: [
      async ({ records, ctx }) => {
        for (const model of records) {
          const used = (await ctx.trx.selectFrom('category').select('categoryTitle').where('columnContentModelId', '=', model.cmId).executeTakeFirst()) as Row | undefined;
          if (used) throw new PortalError(1005, `模型“${String(model.cmTipsName)}”正被栏目“${String(used.categoryTitle)}”使用，不能删除`);
          await ctx.trx.deleteFrom('content_model_field').where('fieldCmId', '=', model.cmId).execute();
          await ctx.trx.schema.dropTable(physicalTable(String(model.cmTableName))).ifExists().execute();
        }
      },
    ],
    // Every read of a model answers its fields, in their order (one query for a page).
    enrich: [
      async ({ records, ctx }) => {
        const ids = records.map((r) => Number(r.cmId));
        if (!ids.length) return records;
        const rows = (await ctx.trx.selectFrom('content_model_field').selectAll().where('fieldCmId', 'in', ids).orderBy('fieldSort', 'asc').orderBy('fieldId', 'asc').execute()) as Row[];
        const fields = rows.map(normaliseField);
        return records.map((r) => ({ ...r, fields: fields.filter((f) => f.fieldCmId === Number(r.cmId)) }));
      },
    ],
  },
});
