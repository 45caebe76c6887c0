import type { ApiCall, ResourceDecl } from '../resources/types';

/**
 * The declared calls of a resource, looked up by name, for screens that send them with a body or query of
 * their own (trees, dialogs, workflow steps): the path and method stay in the declaration, and the screen
 * runs the call through the data provider's `call()`. A missing name is a programming error.
 */

export type CrudKind = 'list' | 'get' | 'create' | 'update' | 'delete';

/** One of the declaration's five CRUD calls. */
export function crudCall(decl: ResourceDecl, kind: CrudKind): ApiCall {
  const call = decl.api[kind];
  if (!call) throw new Error(`${decl.name} declares no ${kind} call`);
  return { path: call.path, method: call.method, params: call.params };
}

/** A declared action's call (its path and method). */
export function actionCall(decl: ResourceDecl, name: string): ApiCall {
  const action = decl.actions?.find((a) => a.name === name);
  if (!action) throw new Error(`${decl.name} declares no action ${name}`);
  return { path: action.path, method: action.method };
}

/** One of the declaration's `api.extra` calls. */
export function extraCall(decl: ResourceDecl, name: string): ApiCall {
  const call = decl.api.extra?.[name];
  if (!call) throw new Error(`${decl.name} declares no call ${name}`);
  return call;
}
