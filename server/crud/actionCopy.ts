import type { RecordData } from '../../resources/behaviour.js';
import type { ActionCopyDecl } from '../../resources/shape/actionSaves.js';
import type { ActionDecl, ResourceDecl } from '../../resources/types.js';
import { invalidValue } from '../http/errors.js';
import { idsOf } from '../http/params.js';
import type { ActionRun } from './entity/types.js';
import { isBlank } from './validate.js';

/** The source record of a copy, beside the copy's values (a Symbol key: no JSON body carries one). */
export const COPY_OF = Symbol('copyOf');
export const copiedFrom = (data: RecordData): RecordData | undefined => (data as Record<symbol, unknown>)[COPY_OF] as RecordData | undefined;

/** The target's value the caller gave (the first of its names), or null for the source's own. */
function targetOf(copy: ActionCopyDecl, body: RecordData): number | null {
  const name = copy.target?.params.find((p) => !isBlank(body[p]));
  if (!copy.target || name === undefined) return null;
  const n = Number(body[name]);
  if (!Number.isSafeInteger(n) || n <= 0) throw invalidValue(`参数格式不正确：${copy.target.field}`);
  return n;
}

/**
 * The generic run of an action's `copy` (resources/shape/actionSaves.ts): each record it names (read in the
 * caller's reach for the action) becomes a new record through the local API's create as the caller — its
 * `fields`, the `values`, the `target` — so the entity's hooks run and see the source (`copiedFrom`).
 * Answers the new records' ids, in the order the records were named.
 */
export function copyRun(decl: ResourceDecl, copy: ActionCopyDecl): ActionRun {
  return async ({ records, body, ctx }) => {
    const target = targetOf(copy, body);
    const out: number[] = [];
    // In the order the call's `ids` names them (else as read).
    const named = body.ids === undefined ? [] : idsOf(body.ids, 'ids');
    const position = (r: RecordData) => named.indexOf(Number(r[decl.idField]));
    for (const src of [...records].sort((a, b) => position(a) - position(b))) {
      const values: RecordData = { ...Object.fromEntries(copy.fields.map((f) => [f, src[f]])), ...copy.values };
      if (copy.target) values[copy.target.field] = target ?? src[copy.target.field];
      const created = await ctx.api.create(decl.name, { ...values, [COPY_OF]: src });
      out.push(Number(created[decl.idField]));
    }
    return out;
  };
}

/** Declared `copy` actions get the generic run unless the behaviour file gives its own. */
export function withCopySteps(decl: ResourceDecl): ResourceDecl {
  if (!decl.actions?.some((a) => a.copy && typeof a.run !== 'function')) return decl;
  return { ...decl, actions: decl.actions.map((a) => (a.copy && typeof a.run !== 'function' ? ({ ...a, run: copyRun(decl, a.copy) } as ActionDecl) : a)) };
}
