import { Refusal, type HookContext, type RecordData } from '../../resources/behaviour.js';
import type { DynamicDb, Row } from '../db/types.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { EntityContext } from '../crud/entity/types.js';
import { isBlank } from '../crud/validate.js';
import { defaultLimitDays, guessRole } from '../modules/monitoring/columnKinds.js';

const LINK_TYPE = 3; // 外链

const trxOf = (ctx: HookContext) => (ctx as EntityContext).trx;
const given = (v: unknown) => !isBlank(v) && Number(v) !== 0;

/**
 * The rules between a column's values and other records (then the declared field rules — content model, related
 * column, templates: `mustExist`, `fileOf` — and the tree's own checks).
 */
async function checkValues(trx: DynamicDb, data: RecordData, original: RecordData | undefined): Promise<RecordData> {
  const merged = { ...original, ...data };
  if (given(merged.categoryCategoryId)) {
    const parent = (await trx.selectFrom('category').select('columnType').where('categoryId', '=', Number(merged.categoryCategoryId)).executeTakeFirst()) as Row | undefined;
    if (parent && Number(parent.columnType) === LINK_TYPE) throw new Refusal(1002, '外链栏目下不能添加子栏目');
  }
  if (Number(merged.columnType) === LINK_TYPE && isBlank(merged.columnDiyUrl)) throw new Refusal(1001, '缺少必填参数：columnDiyUrl');
  return data;
}

/** The links to the deleted columns from others go (the tree's guards name a column that has children or articles). */
async function clearRelations(trx: DynamicDb, records: readonly RecordData[]): Promise<void> {
  await trx.updateTable('category').set({ relationCategoryid: null }).where('relationCategoryid', 'in', records.map((r) => Number(r.categoryId))).execute();
}

/**
 * 栏目: the spec names a missing type by its key; an external link (外链) needs its address and has no
 * children. The content model and the related column must exist, templates are .html files below the templates
 * folder: declared field rules (`mustExist`, `fileOf`). Parent, cycle, children and article checks (naming the
 * column) and `columnPath` are the declared tree's (`tree.pathField`).
 */
export default defineBehaviour({
  name: 'column',
  hooks: {
    beforeValidate: [
      ({ operation, data }) => {
        if (operation === 'create' && isBlank(data.columnType)) throw new Refusal(1001, '缺少必填参数：columnType');
        return data;
      },
    ],
    beforeChange: [({ data, original, ctx }) => checkValues(trxOf(ctx), data, original)],
    beforeDelete: [({ records, ctx }) => clearRelations(trxOf(ctx), records)],
  },
});

// Data migrations of the column table, called by the released migrations of server/modules/monitoring/
// migrations.ts (their names and order unchanged): a proposal for every existing column, once.

/** 更新期限（天）: the default of the column's kind, guessed from its title (news 14 days, notice/policy 180). */
export async function proposeUpdateLimits(db: DynamicDb): Promise<void> {
  const columns = (await db.selectFrom('category').select(['categoryId', 'categoryTitle']).execute()) as { categoryId: number; categoryTitle: string }[];
  for (const c of columns) {
    await db.updateTable('category').set({ updateLimitDays: defaultLimitDays(String(c.categoryTitle)) }).where('categoryId', '=', c.categoryId).execute();
  }
}

/** 栏目类别（考核）: a cover column is the overview, the rest guessed from the title; staff correct it on the form. */
export async function proposeColumnRoles(db: DynamicDb): Promise<void> {
  const columns = (await db.selectFrom('category').select(['categoryId', 'categoryTitle', 'columnType']).execute()) as { categoryId: number; categoryTitle: string; columnType: number }[];
  for (const c of columns) {
    const role = Number(c.columnType) === 2 ? 'overview' : guessRole(String(c.categoryTitle));
    await db.updateTable('category').set({ columnRole: role }).where('categoryId', '=', c.categoryId).execute();
  }
}
