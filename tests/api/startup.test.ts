import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { loadDeclarations } from '../../server/resources/loadDeclarations.js';
import { call, freshPostgresDatabase, login, startTestServer } from './helpers/testServer.js';

describe('startup', () => {
  it('runs on the database the environment asks for', async () => {
    const s = await startTestServer();
    try {
      expect(s.app.portal.dialect).toBe(process.env.DATABASE_URL ? 'postgres' : 'sqlite');
    } finally {
      await s.close();
    }
  });

  it('seeds once, keeps data over a restart, uses ADMIN_PASSWORD, and adds a new declaration’s menu on restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-restart-'));
    const pgDb = process.env.DATABASE_URL ? await freshPostgresDatabase(process.env.DATABASE_URL) : null;
    const config = { ...loadConfig({}), dataDir, staticDir: path.join(dataDir, 'none'), databaseUrl: pgDb?.url, adminPassword: 'Given@Pass1' };
    const all = await loadDeclarations();
    try {
      const first = await buildApp(config, { declarations: all.filter((d) => d.name !== 'website') });
      expect(first.portal.initialAdminPassword).toBeUndefined();
      const users1 = await first.db.selectFrom('users').select('username').execute();
      await first.listen({ port: 0, host: '127.0.0.1' });
      const url1 = `http://127.0.0.1:${(first.server.address() as { port: number }).port}`;
      const t1 = await login(url1, 'admin', 'Given@Pass1');
      const m1 = await call<{ buttonList: string[] }>(url1, '/menu/list', { token: t1 });
      expect(m1.body.data.buttonList).not.toContain('website:list');
      await first.close();

      const second = await buildApp(config, { declarations: all });
      await second.listen({ port: 0, host: '127.0.0.1' });
      const url2 = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
      try {
        expect(await second.db.selectFrom('users').select('username').execute()).toHaveLength(users1.length);
        const t2 = await login(url2, 'admin', 'Given@Pass1');
        const m2 = await call<{ buttonList: string[] }>(url2, '/menu/list', { token: t2 });
        expect(m2.body.data.buttonList).toEqual(expect.arrayContaining(['website:list', 'website:add', 'website:delete']));
        const created = await call(url2, '/website/add', { token: t2, body: { name: '重启后', url: 'https://after.example/' } });
        expect(created.body.errorCode).toBe('0');
      } finally {
        await second.close();
      }
    } finally {
      await pgDb?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('serves the built front end with app fallbacks, and JSON 404s', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-static-'));
    await fs.mkdir(path.join(root, 'assets'));
    await fs.writeFile(path.join(root, 'index.html'), '<!doctype html><title>云溪县</title>');
    await fs.writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)');
    const s = await startTestServer({ staticDir: root });
    try {
      for (const p of ['/', '/admin', '/admin/', '/admin/article/announcement', '/report', '/report/home']) {
        const r = await fetch(new URL(p, s.url));
        expect(r.status, p).toBe(200);
        expect(await r.text(), p).toContain('<title>云溪县</title>');
      }
      const js = await fetch(new URL('/assets/app.js', s.url));
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toContain('javascript');
      const missing = await fetch(new URL('/assets/nothing.js', s.url));
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ errorCode: '404', errorMsg: '接口不存在', data: null });
      const trav = await fetch(new URL('/admin/..%2f..%2fetc%2fpasswd.txt', s.url));
      expect(trav.status).toBe(404);
      expect((await call(s.url, '/no/such/api')).status).toBe(404);
    } finally {
      await s.close();
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
