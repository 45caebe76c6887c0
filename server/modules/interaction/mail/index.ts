import type { FastifyInstance } from 'fastify';
import { mailCountRoutes } from './counts.js';
import { mailForumRoutes } from './forum.js';
import { mailWebRoutes } from './web.js';

/** Leader mailbox: /mail/*, /mailForum/*, /mailCount/*, /web/mail/*, /web/mailCount/* (docs/interaction-mail.md). */
export async function mailModule(app: FastifyInstance) {
  await mailForumRoutes(app);
  await mailCountRoutes(app);
  await mailWebRoutes(app);
}
