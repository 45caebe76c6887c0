import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { ResourceDecl } from '../resources/types.js';
import { installAuthentication } from './auth/authenticate.js';
import { defaultCaptchaGenerator, type CaptchaGenerator } from './auth/captcha.js';
import type { PortalConfig } from './config.js';
import { registerCrudRoutes } from './crud/routes.js';
import { ensureDeclaredDicts } from './crud/dictValues.js';
import { installEntities } from './crud/entity/install.js';
import { behavioursFor, loadBehaviours } from './crud/entity/loadBehaviours.js';
import type { EntityBehaviour } from './crud/entity/types.js';
import { ajvOptions } from './crud/schema/ajv.js';
import { buildValidatorOnce } from './crud/schema/compileOnce.js';
import { openApiRoute } from './openapi/route.js';
import { openDatabase } from './db/connect.js';
import { installLanes } from './db/lanes.js';
import { migrate } from './db/migrations.js';
import { syncDeclarationTables } from './db/schemaSync.js';
import { watchArticleColumns } from './auth/articleListTrigger.js';
import { watchSaveCounters } from './auth/saveCounters.js';
import { installErrorHandling } from './http/errorHandler.js';
import './http/fastifyTypes.js';
import { healthRoutes } from './http/health.js';
import { idempotencyPlugin } from './http/idempotency.js';
import { installJsonParser } from './http/jsonBody.js';
import { databaseRateLimitStore } from './http/rateLimitStore.js';
import { loggerOptions } from './http/requestLog.js';
import { installSecurityHeaders } from './http/security.js';
import { installBodyTimeout, serverFactory } from './http/serverLimits.js';
import { trustProxyOption } from './http/trustProxy.js';
import { serveStatic } from './http/staticFiles.js';
import { applyProofCleanupJob } from './jobs/applyProofCleanup.js';
import { housekeepingJob } from './jobs/housekeeping.js';
import { Scheduler } from './jobs/scheduler.js';
import { sessionRoutes } from './modules/auth/sessionRoutes.js';
import { domainModules } from './modules/index.js';
import { loadDeclarations } from './resources/loadDeclarations.js';
import { isFirstStart, seedFirstStart } from './seed/firstStart.js';
import { syncDeclarationMenus } from './seed/menuSync.js';
import { ownSiteUrl } from './modules/monitoring/ownSite.js';

export interface BuildOptions {
  /** Tests inject a known captcha text. */
  captchaGenerator?: CaptchaGenerator;
  logger?: boolean;
  /** Log to this stream instead of stdout (tests read what would be logged); implies logging. */
  logStream?: Writable;
  /** The log's level with `logStream` (default LOG_LEVEL, else info): the API tests keep errors only. */
  logLevel?: string;
  /** Declarations to use instead of reading `resources/`. */
  declarations?: ResourceDecl[];
  /** Server behaviours besides those of `server/entities/` (tests add a fixture's). */
  behaviours?: EntityBehaviour[];
  /** Requests per minute and IP for login and captcha calls (defaults 30 and 60). */
  rateLimit?: { loginPerMinute?: number; captchaPerMinute?: number };
  /** Largest accepted body in bytes (default 2 MB; rich text can be long). */
  bodyLimit?: number;
}

/**
 * A ready, not yet listening server: database migrated, declared tables synced, first-start seed done.
 * `app.portal.initialAdminPassword` holds the admin password when it was generated at this start.
 */
export async function buildApp(config: PortalConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logStream || options.logger ? loggerOptions(options.logStream, options.logLevel) : false,
    bodyLimit: options.bodyLimit ?? 2 * 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies listed in TRUST_PROXY (docs/deploy.md).
    trustProxy: trustProxyOption(config.trustProxy),
    serverFactory: serverFactory(config),
    // On close, idle keep-alive connections end at once; requests in flight finish (main.ts bounds the wait).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Plugins do first-start work (the default skin's upgrade, menu seeding): on a busy 2-core machine the
    // default 10 s per plugin was once too short for the templates module (a failed start, not a slow one).
    pluginTimeout: 60_000,
    // Route schemas never change a request (server/crud/schema/ajv.ts).
    ajv: ajvOptions,
    schemaController: { compilersFactory: { buildValidator: buildValidatorOnce } },
  });
  // Every route as registered (the fuzz test in tests/api/fuzz.test.ts walks them all).
  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, schema: route.schema });
  });
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const { db, dialect } = openDatabase({
    ...config,
    onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost; the pool opens a new one'),
    onWorkerError: (error) => app.log.warn({ err: error }, 'read worker failed; the request thread runs its reads'),
  });
  app.decorate('db', db);
  // Modules add their jobs while registering; they start once the app is ready, if this instance runs jobs.
  const scheduler = new Scheduler(db, app.log);
  app.decorate('scheduler', scheduler);
  scheduler.add(housekeepingJob(db, app.log, config.housekeepingMs));
  scheduler.add(applyProofCleanupJob(db, app.log, config.dataDir, config.housekeepingMs));
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await db.destroy();
  });

  try {
    await migrate(db, dialect);
    const shipped = await loadDeclarations();
    const decls = options.declarations ?? shipped;
    const entities = installEntities(app, config, decls, [...behavioursFor(await loadBehaviours(), decls, shipped), ...(options.behaviours ?? [])]);
    app.decorate('entities', entities);
    const declarations = entities.decls;
    await syncDeclarationTables(db, dialect, declarations);
    await watchArticleColumns(db, dialect);
    await watchSaveCounters(db, dialect, declarations);
    let initialAdminPassword: string | undefined;
    if (await isFirstStart(db)) {
      const ownSite = { url: ownSiteUrl(config), intervalMin: config.monitorOwnIntervalMin ?? 10 };
      const seeded = await seedFirstStart(db, declarations, { adminPassword: config.adminPassword, demo: config.seedDemo, ownSite });
      initialAdminPassword = seeded.generatedAdminPassword;
    }
    await syncDeclarationMenus(db, declarations);
    await ensureDeclaredDicts(db, declarations);
    app.decorate('portal', { config, dialect, declarations, initialAdminPassword });
  } catch (error) {
    await db.destroy();
    throw error;
  }

  // First of the request hooks: each request runs in its read or write lane (server/db/lanes.ts).
  installLanes(app);
  installJsonParser(app);
  installErrorHandling(app);
  installBodyTimeout(app, config.bodyTimeoutMs);
  await installSecurityHeaders(app, config.hstsMaxAgeSeconds);
  healthRoutes(app, () => closing);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: the limits hold across every instance behind the load balancer.
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: ctx.statusCode, code: 'RATE_LIMITED', message: '操作过于频繁，请稍后再试' }),
  });
  installAuthentication(app);
  // Before every route: each create or submit call carrying an Idempotency-Key runs once.
  await app.register(idempotencyPlugin);

  await app.register(sessionRoutes, {
    captchaGenerator: options.captchaGenerator ?? defaultCaptchaGenerator,
    loginPerMinute: options.rateLimit?.loginPerMinute ?? 30,
    captchaPerMinute: options.rateLimit?.captchaPerMinute ?? 60,
  });
  for (const decl of app.portal.declarations) registerCrudRoutes(app, decl);
  for (const module of domainModules) await app.register(module);
  await app.register(openApiRoute);
  await serveStatic(app, config.staticDir);

  await app.ready();
  if (config.scheduler) scheduler.start();
  return app;
}
