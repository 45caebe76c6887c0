import { defineBehaviour } from '../crud/entity/define.js';

/** How often the cluster opens due topics and closes expired ones (once per interval across instances). */
export const ADVICE_TASK_EVERY_MS = 5 * 60_000;

/** The open/close task the advice module provides (server/modules/interaction/advice/routes.ts runAdviceTask). */
export const ADVICE_TASK_SERVICE = 'advice:openClose';

/**
 * 意见征集: the open/close check is a declared job run by the cluster scheduler (server/jobs/), no longer a
 * timer in every instance.
 */
export default defineBehaviour({
  name: 'advice',
  jobs: [
    {
      name: 'openClose',
      everyMs: ADVICE_TASK_EVERY_MS,
      run: async ({ services, now }) => {
        if (!services.has(ADVICE_TASK_SERVICE)) return; // the advice module is not installed
        await services.get<(now: string) => Promise<unknown>>(ADVICE_TASK_SERVICE)(now);
      },
    },
  ],
});
