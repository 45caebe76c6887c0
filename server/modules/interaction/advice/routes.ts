import type { FastifyInstance } from 'fastify';
import { dynamic } from '../../../db/types.js';
import { atRoot } from '../../../shared/routeHelpers.js';
import { ADVICE_TASK_SERVICE, runAdviceTask } from '../../../entities/advice.js';

/** The open/close check lives in the behaviour file (server/entities/advice.ts); kept here for its callers. */
export { runAdviceTask };

/**
 * 意见征集 (spec part 1 §7 "Advice") is declared (resources/advice.ts): its CRUD, steps, export, the
 * citizen's opinion and own opinions, and the public reads are generic. This module provides the close
 * check the behaviour's scheduled job runs over the app's database.
 */
export const adviceRoutes = atRoot(async function adviceRoutes(app: FastifyInstance) {
  app.entities.provide(ADVICE_TASK_SERVICE, (now: string) => runAdviceTask(dynamic(app.db), now));
});
