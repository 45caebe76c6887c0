import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import type { Db } from '../../../db/types.js';
import type { ThemeInputs } from './inputs.js';
import type { ThemeService } from './service.js';

/** What the theme route files share: the app, the theme declaration, its service and the database. */
export interface ThemeContext {
  app: FastifyInstance;
  decl: ResourceDecl;
  svc: ThemeService;
  db: Db;
  /** The request schemas of the routes (inputs.ts). */
  inputs: ThemeInputs;
}
