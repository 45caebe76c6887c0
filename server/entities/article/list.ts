import { sql, type SqlBool } from 'kysely';
import type { RecordData } from '../../../resources/behaviour.js';
import { departmentAndDescendants } from '../../auth/dataScope.js';
import type { EntityContext, ListCondition } from '../../crud/entity/types.js';
import { invalidValue } from '../../http/errors.js';
import { isBlank } from '../../http/params.js';
import { loadColumns } from '../../modules/content/columns/service.js';
import { articleConditions, columnTitleMap, todoStates, toApi } from '../../modules/content/articles/service.js';

/**
 * 文章's list on the generic list route: what the declared filters cannot say, as the behaviour's listWhere
 * (a column with its sub-columns, 文章属性 contains, dates on publish-or-create time, the review queue `todo`,
 * a department with the ones below), and the answer's columnTitle / statusName (enrich).
 * The title is the declared `like` filter; the scope and reviewers' granted columns are the `grant` hook.
 */

/** A search key only server code can set: `/api/article/listByDept` keeps the list to these departments. */
export const WITHIN_DEPTS = Symbol('article.withinDepts');

const nothing: ListCondition = () => sql<SqlBool>`1 = 0`;

export async function articleListWhere({ search, ctx }: { readonly search: RecordData; readonly ctx: EntityContext }): Promise<ListCondition | void> {
  const conds: ListCondition[] = await articleConditions(ctx.trx, { ...search, title: undefined }, true, await loadColumns(ctx.trx));
  if (search.todo === 1 || search.todo === '1' || search.todo === true) {
    const states = todoStates(ctx.caller);
    conds.push(states.length ? (eb) => eb(eb.ref('status'), 'in', states) : nothing);
  }
  if (!isBlank(search.deptId)) {
    const d = Number(search.deptId);
    if (!Number.isSafeInteger(d) || d <= 0) throw invalidValue('参数格式不正确：deptId');
    const depts = await departmentAndDescendants(ctx.trx, d);
    conds.push((eb) => eb(eb.ref('deptId'), 'in', depts));
  }
  const within = (search as Record<symbol, unknown>)[WITHIN_DEPTS] as number[] | undefined;
  if (within) conds.push(within.length ? (eb) => eb(eb.ref('deptId'), 'in', within) : nothing);
  if (conds.length) return (eb) => eb.and(conds.map((c) => c(eb)));
}

/** Each row as the module's list answered it: numbers, 文章属性 as a list, statusName, columnTitle. */
export async function articleEnrich({ records, ctx }: { readonly records: readonly RecordData[]; readonly ctx: EntityContext }): Promise<RecordData[]> {
  if (!records.length) return [];
  const titles = await columnTitleMap(ctx.trx);
  return records.map((r) => toApi(r, titles));
}
