import type { AccessFn, AccessResult, Hooks, WhereData } from '../../../resources/behaviour.js';
import type { ActionDecl, PublicOpDecl, ResourceDecl } from '../../../resources/types.js';
import { afterHooks } from '../afterCheck.js';
import { answerHooks } from '../answers.js';
import { childHooks } from '../children.js';
import { createOnlyHooks } from '../nameChecks.js';
import { idsOfHooks } from '../idsOfCheck.js';
import { fieldCheckHooks } from '../fieldChecks.js';
import { linkHooks } from '../links.js';
import { countedInHooks } from '../countedIn.js';

import { userMarkHooks } from '../userMarks.js';
import { linkStepRun } from '../linkSteps.js';
import { withSetSteps } from '../setSteps.js';
import { withCopySteps } from '../actionCopy.js';
import { treeHooks } from '../tree.js';
import { attachChildRowHooks } from './childRowHooks.js';
import type { EntityAccess, EntityBehaviour, EntityHooks, PublicOpRun } from './types.js';

type HookName = keyof Hooks;
const HOOK_NAMES: readonly HookName[] = ['beforeValidate', 'beforeChange', 'afterChange', 'afterRead', 'beforeDelete', 'afterDelete', 'afterSave', 'afterGet', 'listWhere', 'enrich', 'grant', 'afterList', 'readDetail'];
const OPERATIONS = ['list', 'get', 'create', 'update', 'delete'] as const;

/** The declaration's hooks, then the behaviour file's, per hook name. */
function mergeHooks(declared: Hooks | undefined, server: EntityHooks | undefined): Hooks | undefined {
  if (!server) return declared;
  const out: Record<string, unknown[]> = {};
  for (const name of HOOK_NAMES) {
    const list = [...(declared?.[name] ?? []), ...(server[name] ?? [])];
    if (list.length) out[name] = list;
  }
  return out as Hooks;
}

/** Both answers must allow; their filters are ANDed (a column both name must match both: the later wins only when equal). */
function both(a: AccessFn, b: AccessFn): AccessFn {
  return async (args) => {
    const first: AccessResult = await a(args);
    if (first === false) return false;
    const second: AccessResult = await b(args);
    if (second === false) return false;
    const where: Record<string, WhereData[string]> = {};
    for (const part of [first, second]) {
      if (part === true) continue;
      for (const [k, v] of Object.entries(part)) {
        if (k in where && JSON.stringify(where[k]) !== JSON.stringify(v)) return false;
        where[k] = v;
      }
    }
    return Object.keys(where).length ? where : true;
  };
}

function mergeAccess(declared: ResourceDecl['access'], server: EntityAccess | undefined): ResourceDecl['access'] {
  if (!server) return declared;
  const out: Record<string, AccessFn> = {};
  for (const op of OPERATIONS) {
    const a = declared?.[op];
    // A server access function also gets `caller` and `api` (server/crud/behaviour.ts recordsWhere).
    const b = server[op] as AccessFn | undefined;
    const fn = a && b ? both(a, b) : (a ?? b);
    if (fn) out[op] = fn;
  }
  return out;
}

function mergeActions(decl: ResourceDecl, runs: EntityBehaviour['actions']): readonly ActionDecl[] | undefined {
  if (!runs) return decl.actions;
  for (const name of Object.keys(runs)) {
    if (!decl.actions?.some((a) => a.name === name)) throw new Error(`server/entities/${decl.name}: 声明中没有动作 ${name}`);
  }
  return decl.actions?.map((a) => (runs[a.name] ? ({ ...a, run: runs[a.name] } as ActionDecl) : a));
}

/** Declared link steps (`linkStep`) get the generic run unless the behaviour file gives its own. */
function withLinkSteps(decl: ResourceDecl): ResourceDecl {
  if (!decl.actions?.some((a) => a.linkStep && typeof a.run !== 'function')) return decl;
  return { ...decl, actions: decl.actions.map((a) => (a.linkStep && typeof a.run !== 'function' ? ({ ...a, run: linkStepRun(decl, a.linkStep) } as ActionDecl) : a)) };
}

/** A public operation with its handler from the behaviour file (server side only). */
export type AttachedPublicOp = PublicOpDecl & { readonly handler: PublicOpRun };

function mergePublicOps(decl: ResourceDecl, runs: EntityBehaviour['publicOps']): ResourceDecl['publicOps'] {
  if (!runs) return decl.publicOps;
  for (const name of Object.keys(runs)) {
    if (!decl.publicOps?.some((o) => o.name === name)) throw new Error(`server/entities/${decl.name}: 声明中没有公众操作 ${name}`);
  }
  return decl.publicOps?.map((o) => (runs[o.name] ? ({ ...o, handler: runs[o.name] } as AttachedPublicOp) : o));
}

/**
 * Each declaration with its behaviour file's hooks, access and action `run`s attached (new objects; the
 * shared declarations stay plain). A behaviour naming no declared entity stops the start.
 */
export function attachBehaviours(decls: readonly ResourceDecl[], behaviours: readonly EntityBehaviour[]): ResourceDecl[] {
  const byName = new Map<string, EntityBehaviour[]>();
  for (const b of behaviours) {
    if (!decls.some((d) => d.name === b.name)) throw new Error(`server/entities: 没有名为 ${b.name} 的资源声明`);
    byName.set(b.name, [...(byName.get(b.name) ?? []), b]);
  }
  return decls.map((decl) => {
    let out = decl;
    for (const b of byName.get(decl.name) ?? []) {
      out = { ...out, hooks: mergeHooks(out.hooks, b.hooks), access: mergeAccess(out.access, b.access), actions: mergeActions(out, b.actions), publicOps: mergePublicOps(out, b.publicOps) };
      attachChildRowHooks(out, b.childRows);
    }
    out = withCopySteps(withSetSteps(withLinkSteps(out)));
    // A field's `after` (an end after its start) comes before the entity's own beforeChange hooks.
    if (out.fields.some((f) => f.after)) out = { ...out, hooks: mergeHooks(afterHooks(out), out.hooks as EntityHooks) };
    // Declared field rules (`mustExist`, `fileOf`) right after the entity's own hooks, before the relations'.
    if (out.fields.some((f) => f.mustExist || f.fileOf)) out = { ...out, hooks: mergeHooks(out.hooks, fieldCheckHooks(out, (name) => decls.find((d) => d.name === name)) as EntityHooks) };
    // Declared relations run after the entity's own hooks (its refusals come first).
    if (out.fields.some((f) => f.createOnly)) out = { ...out, hooks: mergeHooks(out.hooks, createOnlyHooks(out) as EntityHooks) };
    if (out.tree) out = { ...out, hooks: mergeHooks(out.hooks, treeHooks(out) as EntityHooks) };
    if (out.links?.length) out = { ...out, hooks: mergeHooks(out.hooks, linkHooks(out, (name) => decls.find((d) => d.name === name)) as EntityHooks) };
    if (out.children?.length) out = { ...out, hooks: mergeHooks(out.hooks, childHooks(out) as EntityHooks) };
    if (out.userMarks?.length) out = { ...out, hooks: mergeHooks(out.hooks, userMarkHooks(out) as EntityHooks) };
    if (out.answers?.length) out = { ...out, hooks: mergeHooks(out.hooks, answerHooks(out, (name) => decls.find((d) => d.name === name)) as EntityHooks) };
    if (out.countedIn?.length) out = { ...out, hooks: mergeHooks(out.hooks, countedInHooks(out, (name) => decls.find((d) => d.name === name)) as EntityHooks) };
    if (out.fields.some((f) => f.idsOf)) out = { ...out, hooks: mergeHooks(out.hooks, idsOfHooks(out, (name) => decls.find((d) => d.name === name)) as EntityHooks) };
    return out;
  });
}
