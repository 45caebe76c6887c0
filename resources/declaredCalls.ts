import type { ActionDecl, ApiCall, ResourceDecl } from './types';

/**
 * The declared calls of a resource, looked up by name: the one lookup the dataProvider, the screens that
 * send calls with a body or query of their own (trees, dialogs, workflow steps) and the server's modules
 * use. The path and method stay in the declaration. `find…` answer undefined for a missing name; the
 * others treat it as a programming error.
 */

export type CrudKind = 'list' | 'get' | 'create' | 'update' | 'delete';

/** One of the declaration's five CRUD calls. */
export function crudCall(decl: ResourceDecl, kind: CrudKind): ApiCall {
  const call = decl.api[kind];
  if (!call) throw new Error(`${decl.name} declares no ${kind} call`);
  return { path: call.path, method: call.method, params: call.params };
}

/** A declared action by name (the server reads its permission, the app its call), or undefined. */
export function findAction(decl: ResourceDecl, name: string): ActionDecl | undefined {
  return decl.actions?.find((a) => a.name === name);
}

/** A declared action's call (its path and method), or undefined when the declaration has none by that name. */
export function findActionCall(decl: ResourceDecl, name: string): ApiCall | undefined {
  const action = findAction(decl, name);
  return action && { path: action.path, method: action.method };
}

/** One of the declaration's `api.extra` calls, or undefined. */
export function findExtraCall(decl: ResourceDecl, name: string): ApiCall | undefined {
  return decl.api.extra?.[name];
}

/** A declared action's call; a missing name is a programming error. */
export function actionCall(decl: ResourceDecl, name: string): ApiCall {
  const call = findActionCall(decl, name);
  if (!call) throw new Error(`${decl.name} declares no action ${name}`);
  return call;
}

/** One of the declaration's `api.extra` calls; a missing name is a programming error. */
export function extraCall(decl: ResourceDecl, name: string): ApiCall {
  const call = findExtraCall(decl, name);
  if (!call) throw new Error(`${decl.name} declares no call ${name}`);
  return call;
}

/** Whether the declaration's records are edited in a form (an update call, not declared `editForm: false`). */
export const hasEditForm = (decl: ResourceDecl): boolean => !!decl.api.update && decl.api.update.editForm !== false;

/**
 * A call of the declaration by name, whatever declares it: an action, an `api.extra` call, a read, a group
 * count, or a group count's export (`<name>:export`); undefined when none has that name.
 */
export function findNamedCall(decl: ResourceDecl, name: string): ApiCall | undefined {
  const [base, part] = name.split(':');
  const counts = decl.groupCounts?.find((g) => g.name === base);
  if (counts) return part === 'export' ? counts.export && { path: counts.export.path } : { path: counts.path };
  const read = decl.reads?.find((r) => r.name === name);
  return findActionCall(decl, name) ?? findExtraCall(decl, name) ?? (read && { path: read.path });
}
