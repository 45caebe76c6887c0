import type { FastifyInstance } from 'fastify';
import { interworkingRoutes } from './routes.js';

/** 集约化报送: the /api/interWorking/article/* calls (docs/spec-calls.md). */
export async function interworkingModule(app: FastifyInstance) {
  await interworkingRoutes(app);
}
