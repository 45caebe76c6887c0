import type { FastifyInstance } from 'fastify';
import { scheduleDeclared } from '../schedule.js';
import type { ResourceDecl } from '../../../resources/types.js';
import { formatDateTime } from '../../util/time.js';
import { attachBehaviours } from './attach.js';
import { committing } from './commit.js';
import { localApi } from './localApi.js';
import { bindRuntime, ServiceRegistry, systemUser, type EntityRuntime } from './runtime.js';
import type { PortalConfig } from '../../config.js';
import { dynamic, type DynamicDb } from '../../db/types.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import type { EntityBehaviour, LocalApi } from './types.js';

/** What modules reach as `app.entities`: the local API (as a caller or the system) and the service registry. */
export interface PortalEntities {
  readonly decls: ResourceDecl[];
  readonly runtime: EntityRuntime;
  /** Offers a service to every behaviour (`ctx.services.get(name)`), e.g. the SMS sender. */
  provide(name: string, service: unknown): void;
  /** The local API outside any operation (modules, jobs): as `user`, or as the system. */
  api(user?: PortalUser): LocalApi;
  /**
   * `fn` with a local API over one transaction: its writes commit together or not at all. The transaction
   * itself is handed too, for the module's own tables (a member's single-sign-on links).
   */
  transaction<T>(user: PortalUser | undefined, fn: (api: LocalApi, trx: DynamicDb) => Promise<T>): Promise<T>;
}

/**
 * The declarations with their server behaviour attached, bound to one runtime (the local API's entity
 * table and the services), and the behaviours' jobs on the cluster scheduler.
 */
export function installEntities(app: FastifyInstance, config: PortalConfig, decls: readonly ResourceDecl[], behaviours: readonly EntityBehaviour[]): PortalEntities {
  const attached = attachBehaviours(decls, behaviours);
  const services = new ServiceRegistry(config, app.log);
  const runtime = bindRuntime(attached, app.db, services);
  scheduleDeclared(app, attached);
  for (const b of behaviours) {
    for (const job of b.jobs ?? []) {
      app.scheduler.add({ name: `${b.name}:${job.name}`, everyMs: job.everyMs, run: () => job.run({ api: localApi(runtime, app.db, systemUser), services, now: formatDateTime() }) });
    }
  }
  return {
    decls: attached,
    runtime,
    provide: (name, service) => services.provide(name, service),
    api: (user) => localApi(runtime, app.db, user ?? systemUser),
    // After-commit tasks of the writes inside run once it committed (entity/commit.ts).
    transaction: (user, fn) => committing(dynamic(app.db), (trx) => fn(localApi(runtime, trx, user ?? systemUser), trx)),
  };
}
