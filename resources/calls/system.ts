import type { ApiCall } from '../types';

/**
 * Calls of the system area that belong to no entity: the session's own identity and the workbench (home
 * of both apps). Plain data; src/ runs them with the data provider's `call()`.
 */
export const systemCalls = {
  /** The logged-in user's identity (server/modules/auth/sessionRoutes.ts). */
  userInfo: { path: '/user/info' },
  /** The caller's to-dos with counts and recent activity (server/modules/workbench/, resources/workbench/todos.ts). */
  workbenchSummary: { path: '/api/workbench/summary' },
} satisfies Record<string, ApiCall>;
