import type { FastifyBaseLogger } from 'fastify';
import type { ResourceDecl } from '../../../resources/types.js';
import type { PortalConfig } from '../../config.js';
import type { DynamicDb } from '../../db/types.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import type { PortalServices } from './types.js';

/**
 * What the local API needs beyond one declaration: every declaration of the app by name, the database
 * (for calls outside a transaction) and the services. One per app; found from any of its declarations.
 */
export interface EntityRuntime {
  readonly decls: ReadonlyMap<string, ResourceDecl>;
  readonly db: DynamicDb;
  readonly services: PortalServices;
}

const runtimes = new WeakMap<ResourceDecl, EntityRuntime>();

/** A service registry: the app provides config and log, modules add theirs (`provide`). */
export class ServiceRegistry implements PortalServices {
  private readonly provided = new Map<string, unknown>();
  constructor(
    readonly config: PortalConfig,
    readonly log: FastifyBaseLogger,
  ) {}
  provide(name: string, service: unknown): void {
    this.provided.set(name, service);
  }
  has(name: string): boolean {
    return this.provided.has(name);
  }
  get<T>(name: string): T {
    if (!this.provided.has(name)) throw new Error(`service not provided: ${name}`);
    return this.provided.get(name) as T;
  }
}

export function bindRuntime(decls: readonly ResourceDecl[], db: DynamicDb, services: PortalServices): EntityRuntime {
  const runtime: EntityRuntime = { decls: new Map(decls.map((d) => [d.name, d])), db, services };
  for (const d of decls) runtimes.set(d, runtime);
  return runtime;
}

const noServices: PortalServices = {
  get config(): PortalConfig {
    throw new Error('no services outside an app');
  },
  get log(): FastifyBaseLogger {
    throw new Error('no services outside an app');
  },
  get: (name: string) => {
    throw new Error(`service not provided: ${name}`);
  },
  has: () => false,
};

/** The app's runtime of a declaration; a declaration used alone (unit tests) knows only itself. */
export function runtimeOf(decl: ResourceDecl, db: DynamicDb): EntityRuntime {
  return runtimes.get(decl) ?? { decls: new Map([[decl.name, decl]]), db, services: noServices };
}

/** The runtime of an app's declarations (the first start's seeds get them before any request). */
export function runtimeOfAll(decls: readonly ResourceDecl[], db: DynamicDb): EntityRuntime {
  const bound = decls.length ? runtimes.get(decls[0] as ResourceDecl) : undefined;
  return bound ?? { decls: new Map(decls.map((d) => [d.name, d])), db, services: noServices };
}

class AllPermissions extends Set<string> {
  override has(): boolean {
    return true;
  }
}

/** The caller of jobs and of `api.asSystem()`: every permission, data scope ALL. */
export const systemUser: PortalUser = {
  userId: 0,
  username: 'system',
  name: '系统',
  deptId: null,
  deptName: null,
  appKey: 'system',
  roleIds: [],
  roleNames: [],
  permissions: new AllPermissions(),
  dataScope: 'ALL',
  tokenHash: '',
};
