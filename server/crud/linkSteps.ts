import type { RecordData } from '../../resources/behaviour.js';
import type { ResourceDecl } from '../../resources/types.js';
import { missingParam, notFoundRecord } from '../http/errors.js';
import { idsOf } from '../http/params.js';
import type { LinkStepDecl } from '../../resources/shape/actions.js';
import type { ActionRun, EntityContext } from './entity/types.js';
import { nextIds, reverseLinkStep } from './linkReverse.js';
import { linkedIds } from './links.js';

/** The ids a body gives under any of these names (one id, an array or a comma list), each once. */
function idsIn(body: RecordData, names: readonly string[]): number[] {
  const ids = [...new Set(names.flatMap((n) => idsOf(body[n], n)))];
  if (!ids.length) throw missingParam(names[0] ?? 'id');
  return ids;
}

/**
 * Adds or removes links of a declared many-to-many link for several records at once (an action's `linkStep`,
 * resources/shape/actions.ts): the records under `keys`, the linked ids under `ids` (1001 naming the first
 * name when none), every linked record existing (1003), every record reached by the caller (1003); each
 * record changed through the local API's update, so the entity's own rules run on the new list. `set` makes
 * the list exactly the ids; `reverse` reads the step from the linked entity's side (server/crud/linkReverse.ts).
 */
export function linkStepRun(decl: ResourceDecl, step: LinkStepDecl): ActionRun {
  const link = decl.links?.find((l) => l.name === step.link);
  if (!link) throw new Error(`resources/${decl.name}.ts: linkStep names no declared link ${step.link}`);
  if (step.reverse) return reverseLinkStep(decl, link, step);
  return async ({ body, ctx }: { body: RecordData; ctx: EntityContext }) => {
    const records = idsIn(body, step.keys);
    const ids = idsIn(body, step.ids);
    for (const id of ids) if (!(await ctx.api.asSystem().findById(link.entity, id))) throw notFoundRecord();
    for (const id of records) if (!(await ctx.api.findById(decl.name, id))) throw notFoundRecord();
    for (const id of records) {
      const held = await linkedIds(ctx.trx, link, id);
      const next = nextIds(step.op, held, ids);
      await ctx.api.update(decl.name, id, { [link.name]: next });
    }
    return null;
  };
}
