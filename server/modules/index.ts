import type { FastifyInstance } from 'fastify';
import { menuRoutes } from './auth/menuRoutes.js';
import { websiteStateListRoute } from './monitoring/websiteStateList.js';
import { systemOrgRoutes } from './system/org/index.js';
import { operationLogHook } from '../audit/operationLog.js';
import { logRoutes } from './system/logs/logRoutes.js';
import { logChainRoutes } from './system/logs/chainRoutes.js';
import { backupRoutes } from './system/backups/routes.js';
import { dictRoutes } from './system/dict/dictRoutes.js';
import { userPasswordRoutes } from './system/password/userPassword.js';
import { surveyRoutes } from './interaction/surveys/routes.js';
import { applyRoutes } from './interaction/apply/routes.js';
import { interactionForumsModule } from './interaction/forums/index.js';
import { themeRoutes } from './interaction/themes/routes.js';
import { questAnswerRoutes } from './interaction/questAnswer/routes.js';
import { peopleRoutes } from './interaction/people/routes.js';
import { noticeSettingRoutes } from './system/noticeSettings/index.js';
import { templateRoutes } from './system/templates/index.js';
import { contentModule } from './content/index.js';
import { generationModule } from './generation/index.js';
import { publicCors } from './generation/cors.js';
import { sitePageRepublishHook } from './generation/sitePageHooks.js';
import { searchModule } from './content/search/index.js';
import { reportModule } from './content/reports/index.js';
import { statisticsModule } from './statistics/index.js';
import { economicModule } from './economic/index.js';
import { siteCallsModule } from './site/index.js';
import { localEconomyModule } from './content/localEconomy/index.js';
import { interworkingModule } from './interworking/index.js';
import { monitoringModule } from './monitoring/index.js';
import { workbenchRoutes } from './workbench/routes.js';

/**
 * Every domain module, registered in this order after the session routes and the generic CRUD routes.
 * A module is a Fastify plugin serving its calls; each route names its permission key in `config`.
 * Add a module here when you add one under server/modules/.
 */
export const domainModules: ((app: FastifyInstance) => Promise<void>)[] = [
  // App-wide and first (hooks reach only the routes registered after them): CORS for the public calls (PUBLIC_ORIGINS).
  publicCors,
  // App-wide too: routes with `config.republish` render their site pages again (survey, forum).
  sitePageRepublishHook,
  menuRoutes,
  websiteStateListRoute,
  systemOrgRoutes,
  operationLogHook,
  logRoutes,
  logChainRoutes,
  backupRoutes,
  dictRoutes,
  userPasswordRoutes,
  surveyRoutes,
  applyRoutes,
  noticeSettingRoutes,
  templateRoutes,
  contentModule,
  generationModule,
  searchModule,
  reportModule,
  interactionForumsModule,
  themeRoutes,
  questAnswerRoutes,
  peopleRoutes,
  statisticsModule,
  economicModule,
  siteCallsModule,
  localEconomyModule,
  interworkingModule,
  monitoringModule,
  // 工作台 (docs/backoffice.md): runs the list calls above as the caller, so it comes last.
  workbenchRoutes,
];
