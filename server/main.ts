import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = { ...loadConfig(), generateSiteOnStart: process.env.GENERATE_SITE_ON_START !== 'off' };
const app = await buildApp(config, { logger: true });

/**
 * Graceful shutdown (docs/deploy.md): /readyz turns 503 and new requests get 503, requests in flight
 * finish, the scheduler and the database close; after SHUTDOWN_TIMEOUT_MS the process exits anyway.
 */
let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const deadline = setTimeout(() => {
    app.log.warn('shutdown time limit reached: exiting with requests still open');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  deadline.unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
console.log(`云溪县人民政府门户网站 API: http://${shownHost}:${config.port}/`);
if (app.portal.initialAdminPassword) {
  // Shown once: it is stored only as a hash.
  console.log(`初始管理员账号 admin，密码：${app.portal.initialAdminPassword}（请登录后修改）`);
}
