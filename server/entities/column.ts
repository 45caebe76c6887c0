import { Refusal, type HookContext, type RecordData } from '../../resources/behaviour.js';
import type { DynamicDb, Row } from '../db/types.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { EntityContext } from '../crud/entity/types.js';
import { isBlank } from '../crud/validate.js';
import { pathSegments } from '../files/confine.js';
import { defaultLimitDays, guessRole } from '../modules/monitoring/columnKinds.js';

const TEMPLATE_EXT = /\.(html?|liquid)$/i;
const LINK_TYPE = 3; // 外链
const TEMPLATES = [['columnListUrl', '列表模板'], ['columnUrl', '内容模板']] as const;

const trxOf = (ctx: HookContext) => (ctx as EntityContext).trx;
const given = (v: unknown) => !isBlank(v) && Number(v) !== 0;

/** A template path: below the templates folder, an .html file. */
function checkTemplate(value: unknown, label: string): void {
  if (typeof value !== 'string' || value === '') return;
  try {
    pathSegments(value);
  } catch {
    throw new Refusal(1002, `${label}路径无效`);
  }
  if (!TEMPLATE_EXT.test(value)) throw new Refusal(1002, `${label}必须是 .html 文件`);
}

/** The rules between a column's values and other records (the tree's own checks run after these). */
async function checkValues(trx: DynamicDb, data: RecordData, original: RecordData | undefined): Promise<RecordData> {
  const merged = { ...original, ...data };
  const out: RecordData = { ...data };
  if (given(merged.categoryCategoryId)) {
    const parent = (await trx.selectFrom('category').select('columnType').where('categoryId', '=', Number(merged.categoryCategoryId)).executeTakeFirst()) as Row | undefined;
    if (parent && Number(parent.columnType) === LINK_TYPE) throw new Refusal(1002, '外链栏目下不能添加子栏目');
  }
  if (Number(merged.columnType) === LINK_TYPE && isBlank(merged.columnDiyUrl)) throw new Refusal(1001, '缺少必填参数：columnDiyUrl');
  if (given(merged.columnContentModelId)) {
    if (!(await trx.selectFrom('content_model').select('cmId').where('cmId', '=', Number(merged.columnContentModelId)).executeTakeFirst())) throw new Refusal(1002, '内容模型不存在');
  }
  if (data.columnContentModelId === 0) out.columnContentModelId = null;
  if (given(merged.relationCategoryid)) {
    if (original && Number(merged.relationCategoryid) === Number(original.categoryId)) throw new Refusal(1002, '关联栏目不能是本栏目');
    if (!(await trx.selectFrom('category').select('categoryId').where('categoryId', '=', Number(merged.relationCategoryid)).executeTakeFirst())) throw new Refusal(1002, '关联栏目不存在');
  }
  if (data.relationCategoryid === 0) out.relationCategoryid = null;
  for (const [key, label] of TEMPLATES) checkTemplate(data[key], label);
  return out;
}

/** The links to the deleted columns from others go (the tree's guards name a column that has children or articles). */
async function clearRelations(trx: DynamicDb, records: readonly RecordData[]): Promise<void> {
  await trx.updateTable('category').set({ relationCategoryid: null }).where('relationCategoryid', 'in', records.map((r) => Number(r.categoryId))).execute();
}

/**
 * 栏目: the spec names a missing type by its key; an external link (外链) needs its address and has no
 * children; the content model and the related column must exist; templates are .html files below the
 * templates folder. Parent, cycle, children and article checks (naming the column) and `columnPath` are
 * the declared tree's (`tree.pathField`).
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
