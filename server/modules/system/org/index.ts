import type { FastifyInstance } from 'fastify';
import { menuRoutesOfSystem } from './menus.js';
import { roleRoutes } from './roles.js';
import { userRoutes } from './users.js';

/** Departments, users, roles and the menu/resource tree (docs/system-org.md). */
export async function systemOrgRoutes(app: FastifyInstance) {
  await userRoutes(app);
  await roleRoutes(app);
  await menuRoutesOfSystem(app);
}
