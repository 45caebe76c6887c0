import type { EntityBehaviour } from './types.js';

/** Identity helper: checks a behaviour file's default export against the type (server/entities/<name>.ts). */
export function defineBehaviour<const T extends EntityBehaviour>(behaviour: T): T {
  return behaviour;
}

export type * from './types.js';
