import type { RecordData } from '../../resources/behaviour.js';
import type { LinkDecl } from '../../resources/relations/links.js';
import type { LinkStepDecl } from '../../resources/shape/actions.js';
import type { ResourceDecl } from '../../resources/types.js';
import { invalidValue, missingParam } from '../http/errors.js';
import { idsOf } from '../http/params.js';
import type { ActionRun, EntityContext } from './entity/types.js';
import { linkingIds, writeLinkingIds } from './links.js';

/** The list a step leaves: the held ids with these added, without them, or exactly these. */
export function nextIds(op: LinkStepDecl['op'], held: readonly number[], ids: readonly number[]): number[] {
  if (op === 'set') return [...ids];
  return op === 'add' ? [...new Set([...held, ...ids])] : held.filter((x) => !ids.includes(x));
}

const absent = (v: unknown) => v === undefined || v === null;

/** The ids under the first of `names` the body gives (an array or a comma list; an empty one is none); 1001 naming the first when absent. */
function firstGiven(body: RecordData, names: readonly string[]): number[] {
  const name = names.find((n) => !absent(body[n]));
  if (!name) throw missingParam(names[0] ?? 'ids');
  return idsOf(body[name], names[0] ?? name);
}

/**
 * A link step read from the linked entity's side (`linkStep.reverse`, resources/shape/actions.ts): `keys` name
 * one record of the linked entity (1002 the link's `missing` when none is), `ids` this entity's records (1002
 * the step's `missing` unless each is in the caller's reach; an empty list is allowed for `set`); the link rows
 * pointing at that record change in the action's transaction (this entity's update hooks do not run: the
 * records do not change). `set` answers the ids (or their number, `answer: 'count'`) — 栏目's
 * `/column/role/save` { roleId, categoryIds }; `keyMissing` and `absentIsEmpty`: resources/shape/linkStepMore.ts.
 */
export function reverseLinkStep(decl: ResourceDecl, link: LinkDecl, step: LinkStepDecl): ActionRun {
  return async ({ body, ctx }: { body: RecordData; ctx: EntityContext }) => {
    if (step.keyMissing && step.keys.every((n) => absent(body[n]) || body[n] === '')) throw invalidValue(step.keyMissing);
    const [toId] = firstGiven(body, step.keys);
    // `absentIsEmpty`: no list at all clears the links, as an empty one does.
    const ids = step.absentIsEmpty && step.ids.every((n) => absent(body[n])) ? [] : firstGiven(body, step.ids);
    if (toId === undefined) throw missingParam(step.keys[0] ?? 'id');
    if (!ids.length && step.op !== 'set') throw missingParam(step.ids[0] ?? 'ids');
    if (!(await ctx.api.asSystem().findById(link.entity, toId))) throw invalidValue(link.missing);
    const reached = ids.length ? await ctx.api.find(decl.name, { where: (eb) => eb(decl.idField, 'in', ids), columns: [decl.idField] }) : [];
    if (reached.length !== ids.length) throw invalidValue(step.missing ?? `${decl.label}不存在`);
    await writeLinkingIds(ctx.trx, link, toId, nextIds(step.op, await linkingIds(ctx.trx, link, toId), ids));
    if (step.op !== 'set') return null;
    return step.answer === 'count' ? ids.length : ids;
  };
}
