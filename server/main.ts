import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp(config, { logger: true });

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
console.log(`云溪县人民政府门户网站 API: http://${shownHost}:${config.port}/`);
if (app.portal.initialAdminPassword) {
  // Shown once: it is stored only as a hash.
  console.log(`初始管理员账号 admin，密码：${app.portal.initialAdminPassword}（请登录后修改）`);
}
