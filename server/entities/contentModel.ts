import { dialectOf, type Db, type Row } from '../db/types.js';
import { PortalError } from '../http/errors.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { EntityContext } from '../crud/entity/types.js';
import { ensureModelTable, physicalTable, readFieldDefinition, tableExists, type ModelField } from '../modules/content/contentModels/service.js';

const typed = (ctx: EntityContext) => ctx.trx as unknown as Db;

/**
 * 自定义模型 (docs/content.md): the model's rules are declared (表名's `pattern`, `unique`, `createOnly`,
 * `existsAt`; the fields a child collection with `rowCalls`); here what is its own: the model's table made on
 * create, dropped on delete, refused while a column uses the model, a field's rules and its column.
 */
export default defineBehaviour({
  name: 'contentModel',
  hooks: {
    // A new model's table; the fields its body brings are then written by `rowCalls.withRecord`, each adding its column.
    afterChange: [
      async ({ operation, record, ctx }) => {
        if (operation !== 'create') return;
        const name = String(record.cmTableName);
        // A table of that name left without its model (the declared `unique` sees only the models).
        if (await tableExists(typed(ctx), name)) throw new PortalError(1004, `表名已存在：${name}`);
        await ensureModelTable(typed(ctx), dialectOf(typed(ctx)), name, []);
      },
    ],
    beforeDelete: [
      async ({ records, ctx }) => {
        for (const model of records) {
          const used = (await ctx.trx.selectFrom('category').select('categoryTitle').where('columnContentModelId', '=', model.cmId).executeTakeFirst()) as Row | undefined;
          if (used) throw new PortalError(1005, `模型“${String(model.cmTipsName)}”正被栏目“${String(used.categoryTitle)}”使用，不能删除`);
          await ctx.trx.schema.dropTable(physicalTable(String(model.cmTableName))).ifExists().execute();
        }
      },
    ],
  },
  // The field calls (resources/contentModel.ts `rowCalls`): the definition's rules, and its column in the model's table.
  childRows: {
    fields: {
      beforeValidate: ({ operation, data }) => readFieldDefinition(data, operation),
      beforeChange: ({ operation, data, original, count, ctx }) => {
        if (operation === 'create') return { ...data, fieldSort: data.fieldSort ?? count, createTime: ctx.now };
        if (data.fieldType !== undefined && (Number(data.fieldType) === 4) !== (Number(original?.fieldType) === 4)) {
          throw new PortalError(1005, '字段类型不能在数字与文本类之间修改');
        }
      },
      afterChange: async ({ operation, parent, row, ctx }) => {
        if (operation === 'create') await ensureModelTable(typed(ctx), dialectOf(typed(ctx)), String(parent.cmTableName), [row as unknown as ModelField]);
      },
    },
  },
});
