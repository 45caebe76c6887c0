import type { RecordData, WhereData } from '../../../resources/behaviour.js';
import { departmentAndDescendants } from '../../auth/dataScope.js';
import type { EntityContext, ListCondition } from '../../crud/entity/types.js';
import { invalidValue } from '../../http/errors.js';
import { isBlank } from '../../http/params.js';
import { articleConditions, columnTitleMap, todoStates, toApi } from '../../modules/content/articles/service.js';
import { modelOfColumn, readFieldValues } from '../../modules/content/contentModels/service.js';

/**
 * 文章's list on the generic list route. listWhere: what the declared filters cannot say (a column with its
 * sub-columns, 文章属性 contains, dates on publish-or-create time, the review queue `todo`, a department with
 * the ones below); enrich: columnTitle / statusName; readDetail: the public detail's model values. Scope and
 * reviewers' granted columns: the `grant` hook.
 */

type Args = { readonly search: RecordData; readonly ctx: EntityContext };

/** The column, flag and date conditions (the title is the declared `like` filter). */
export async function articleListWhere({ search, ctx }: Args): Promise<ListCondition | void> {
  // `columnExact`: the column alone (the public site's webList), not its sub-columns.
  const conds = await articleConditions(ctx.trx, { ...search, title: undefined }, search.columnExact !== true);
  if (conds.length) return (eb) => eb.and(conds.map((c) => c(eb)));
}

/** The review queue and the departments, as equalities (an empty list finds nothing). */
export async function articleListIn({ search, ctx }: Args): Promise<WhereData> {
  const where: Record<string, number[]> = {};
  if (search.todo === 1 || search.todo === '1' || search.todo === true) where.status = todoStates(ctx.caller);
  if (!isBlank(search.deptId)) {
    const d = Number(search.deptId);
    if (!Number.isSafeInteger(d) || d <= 0) throw invalidValue('参数格式不正确：deptId');
    where.deptId = await departmentAndDescendants(ctx.trx, d);
  }
  return where;
}

/** Each row as the module's list answered it: numbers, 文章属性 as a list, statusName, columnTitle. */
export async function articleEnrich({ records, ctx }: { readonly records: readonly RecordData[]; readonly ctx: EntityContext }): Promise<RecordData[]> {
  if (!records.length) return [];
  const titles = await columnTitleMap(ctx.trx);
  return records.map((r) => toApi(r, titles));
}

/** The public detail's model values (the declared reads view, webView, generaterView): each field of the column's model, labelled. */
export async function articleModelValues({ record, ctx }: { readonly record: RecordData; readonly ctx: EntityContext }): Promise<RecordData> {
  const model = await modelOfColumn(ctx.trx, Number(record.columnId));
  if (!model) return { modelFields: [] };
  const values = await readFieldValues(ctx.trx, model, Number(record.articleId));
  return { modelFields: model.fields.map((f) => ({ name: f.fieldFieldName, label: f.fieldTipsName, type: f.fieldType, value: values[f.fieldFieldName] ?? null })) };
}
