import type { FastifyInstance } from 'fastify';
import { requireDecl } from '../../../shared/records.js';
import { themeChannelRoutes, themeLlRoutes } from './channelRoutes.js';
import { themeCountRoutes } from './countRoutes.js';
import { themeForumActionRoutes, themeStateRoutes } from './forumRoutes.js';
import { themeInputs } from './inputs.js';
import { themePublicRoutes } from './publicRoutes.js';
import { ThemeService } from './service.js';

/**
 * /theme/*, /ll/theme/*, /xax/theme/*, /llweb/theme/*, /xaxweb/theme/*, /themeCount/*, /admin/themeCount/*.
 * Each group of calls registers in its own function; inputs.ts describes what each reads.
 */
export async function themeRoutes(app: FastifyInstance) {
  const decl = requireDecl(app, 'theme');
  const ctx = { app, decl, svc: new ThemeService(app, decl), db: app.db, inputs: themeInputs() };
  themeChannelRoutes(ctx);
  themeLlRoutes(ctx);
  themeForumActionRoutes(ctx);
  themeStateRoutes(ctx);
  themePublicRoutes(ctx);
  themeCountRoutes(ctx);
}
