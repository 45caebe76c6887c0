import type { FastifyRequest, FastifySchema } from 'fastify';
import type { ResourceDecl } from '../../resources/types.js';
import type { PortalConfig } from '../config.js';
import type { PortalEntities } from '../crud/entity/install.js';
import type { Db, DialectName } from '../db/types.js';
import type { Scheduler } from '../jobs/scheduler.js';

export type DataScope = 'SELF' | 'DEPART' | 'DEPARTS' | 'ALL';

/** Who is calling, loaded once per request by the authentication hook. */
export interface PortalUser {
  userId: number;
  username: string;
  name: string;
  deptId: number | null;
  deptName: string | null;
  appKey: string;
  roleIds: number[];
  roleNames: string[];
  /** Button aliases (permission keys) of the user's enabled roles. */
  permissions: Set<string>;
  dataScope: DataScope;
  tokenHash: string;
}

/** What the app exposes besides Fastify itself. */
export interface PortalState {
  config: PortalConfig;
  dialect: DialectName;
  declarations: ResourceDecl[];
  /** Set only when the admin password was generated at this (first) start; print it once. */
  initialAdminPassword?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    portal: PortalState;
    /** Jobs that run once per interval across every instance (server/jobs/scheduler.ts). */
    scheduler: Scheduler;
    /** The local API over every declared entity and the services behaviours use (server/crud/entity/). */
    entities: PortalEntities;
    /** Method, URL and schema (if any) of every registered route. */
    routeList: { method: string; url: string; schema?: FastifySchema }[];
  }
  interface FastifyRequest {
    portalUser?: PortalUser;
  }
  interface FastifyContextConfig {
    /** No login needed. */
    public?: boolean;
    /** Permission key the route needs; a function when it depends on the body (add = create or update). */
    permission?: string | ((request: FastifyRequest) => string);
    /**
     * For a route with a schema and `attachValidation`: throws the PortalError the handler itself would
     * answer for the refused input (server/http/validation.ts), so a refusal reads exactly like before.
     */
    invalidInput?: (request: FastifyRequest) => void;
  }
}

/** The caller of a non-public route (the hook guarantees it). */
export function currentUser(request: FastifyRequest): PortalUser {
  if (!request.portalUser) throw new Error('route used without authentication');
  return request.portalUser;
}
