import type { RecordData } from '../../resources/behaviour.js';
import type { ActionSets } from '../../resources/shape/actionSets.js';
import type { ActionDecl, ResourceDecl } from '../../resources/types.js';
import type { ActionRun } from './entity/types.js';
import { isBlank } from './validate.js';

/** The values of one run: constants, the run's time for `'$now'`, the body's (or the input's default) for `{ input }`. */
function valuesOf(sets: ActionSets, action: ActionDecl, body: RecordData, now: string): RecordData {
  return Object.fromEntries(Object.entries(sets).map(([field, v]) => {
    if (v === '$now') return [field, now];
    if (v === null || typeof v !== 'object') return [field, v];
    const given = body[v.input];
    return [field, isBlank(given) ? (action.input?.find((f) => f.name === v.input)?.default ?? null) : given];
  }));
}

/**
 * The generic run of an action's `sets` (resources/shape/actionSets.ts): each record the action names (read in
 * the caller's reach, in an allowed state) is updated through the local API, so the entity's hooks and field
 * rules run; one that already holds every value (the run's time aside) is left as it is. A row action answers
 * the record as it stands, the others how many records they named.
 */
export function setStepRun(decl: ResourceDecl, action: ActionDecl, sets: ActionSets): ActionRun {
  const fixed = Object.keys(sets).filter((k) => sets[k] !== '$now');
  return async ({ records, body, ctx }) => {
    const values = valuesOf(sets, action, body, ctx.now);
    const out: RecordData[] = [];
    for (const r of records) {
      const changes = fixed.length === 0 || fixed.some((k) => String(r[k] ?? '') !== String(values[k] ?? ''));
      out.push(changes ? await ctx.api.update(decl.name, Number(r[decl.idField]), values) : r);
    }
    return (action.scope ?? 'row') === 'row' ? (out[0] ?? null) : records.length;
  };
}

/** Declared `sets` actions get the generic run unless the behaviour file gives its own. */
export function withSetSteps(decl: ResourceDecl): ResourceDecl {
  if (!decl.actions?.some((a) => a.sets && typeof a.run !== 'function')) return decl;
  return { ...decl, actions: decl.actions.map((a) => (a.sets && typeof a.run !== 'function' ? ({ ...a, run: setStepRun(decl, a, a.sets) } as ActionDecl) : a)) };
}
