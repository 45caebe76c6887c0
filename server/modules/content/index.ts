import type { FastifyInstance } from 'fastify';
import { articlePublicRoutes } from './articles/publicRoutes.js';
import { articleRoutes } from './articles/routes.js';
import { contentModelRoutes } from './contentModels/routes.js';
import { fileRoutes } from './files/routes.js';
import { ensureAuditMenu } from './seed.js';
import { voiceModule } from './voice/index.js';

/** The content module (docs/content.md): content models, articles and their workflow, files (栏目 is declared: resources/column.ts). */
export async function contentModule(app: FastifyInstance) {
  await ensureAuditMenu(app.db);
  await app.register(contentModelRoutes);
  await app.register(articleRoutes);
  await app.register(articlePublicRoutes);
  await app.register(fileRoutes);
  await app.register(voiceModule);
}
