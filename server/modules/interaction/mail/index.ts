import type { FastifyInstance } from 'fastify';
import { mailForumRoutes } from './forum.js';

/** Leader mailbox: /mailForum/* (the rest is declared in resources/mail.ts; docs/interaction-mail.md). */
export async function mailModule(app: FastifyInstance) {
  await mailForumRoutes(app);
}
