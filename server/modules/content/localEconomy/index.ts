import type { FastifyInstance } from 'fastify';
import { atRoot } from '../../../shared/routeHelpers.js';
import { celebrityRoutes } from '../celebrity/routes.js';
import { industrialPublicRoutes } from './industrialPublic.js';
import { localWebListRoutes } from './webLists.js';

/**
 * The calls of 名人录, 热门推荐, 产业项目 and 特色产品 beyond their generic CRUD (docs/spec-calls.md):
 * Word/Excel exports, public lists, the public project submission and its lookups.
 */
export const localEconomyModule = atRoot(async function localEconomyModule(app: FastifyInstance) {
  await celebrityRoutes(app);
  await localWebListRoutes(app);
  await industrialPublicRoutes(app);
});
