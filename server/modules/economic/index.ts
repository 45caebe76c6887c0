import type { FastifyInstance } from 'fastify';
import { ECONOMIC_AREAS } from '../../../resources/economic/catalogue.js';
import { declarationOf } from '../declarationLookup.js';
import { publicLatestRoute } from './publicLatest.js';
import { areaRoutes, registerImportParser } from './routes.js';

/**
 * 经济数据 (docs/economic-data.md): the eight screens' calls under /economic/<area>/ and the public
 * /economic/web/latestList. Menus and Buttons come from the declarations (resources/<area>.ts).
 */
export async function economicModule(app: FastifyInstance): Promise<void> {
  await registerImportParser(app);
  for (const area of ECONOMIC_AREAS) {
    const decl = declarationOf(app, area.key);
    if (decl) areaRoutes(app, decl, area);
  }
  await publicLatestRoute(app);
}
