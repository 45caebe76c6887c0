import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../../server/app.js';
import { loadConfig, type PortalConfig } from '../../../server/config.js';
import { adminQuery, databaseUrlOf } from './pgAdmin.js';
import { copySqliteTemplate, seededTemplate, templateEligible } from './seededTemplate.js';
import { serverErrorStream } from './serverErrorLog.js';

export const TEST_CAPTCHA_TEXT = 'AbC7';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  adminPassword: string;
  close(): Promise<void>;
}

/** Whether the server takes CREATE DATABASE's STRATEGY (PostgreSQL ≥ 15); unknown until the first copy. */
let fileCopyKnown: boolean | undefined;

/** A fresh PostgreSQL database per server when DATABASE_URL (a superuser URL) is set, copied from `template` if given. */
export async function freshPostgresDatabase(adminUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const create = `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`;
  // PostgreSQL 15's default copy writes the whole template through the WAL: a plain file copy (the test clusters
  // run without fsync) took 136–164 ms per create and drop instead of 227–280 (session 38). Before 15: no STRATEGY.
  if (template && fileCopyKnown !== false) {
    try {
      await adminQuery(adminUrl, `${create} STRATEGY = FILE_COPY`);
      fileCopyKnown = true;
    } catch (error) {
      if (fileCopyKnown || (error as { code?: string }).code !== '42601') throw error;
      fileCopyKnown = false;
      await adminQuery(adminUrl, create);
    }
  } else await adminQuery(adminUrl, create);
  return {
    url: databaseUrlOf(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/**
 * Builds the real app on a temporary data directory (and database), with a known captcha text, and
 * listens on 127.0.0.1 on a free port. The admin password is a random one given as ADMIN_PASSWORD would be
 * (chosen by the deployer, so not forced to change); pass `{ adminPassword: undefined }` to have it generated as
 * on a plain first start, which forces the change at the first login (docs/system-security.md).
 */
export async function startTestServer(
  overrides: Partial<PortalConfig> = {},
  options: BuildOptions = {},
): Promise<TestServer> {
  const base: PortalConfig = {
    ...loadConfig({}),
    adminPassword: `Adm@${randomBytes(6).toString('hex')}Z9`,
    // Tests that need scheduled jobs turn them on (or call app.scheduler.runNow).
    scheduler: false,
    // Every test calls from 127.0.0.1: per-address lockout and captcha escalation are tested on their own.
    loginFailuresPerIp: 10_000,
    loginCaptchaAfter: 10_000,
    // Tests stand in for many visitors with X-Forwarded-For, as if behind nginx (docs/deploy.md).
    trustProxy: ['127.0.0.1'],
  };
  const template = templateEligible(overrides, options) ? await seededTemplate(base) : null;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-api-'));
  const adminUrl = process.env.DATABASE_URL;
  if (template && !adminUrl) await copySqliteTemplate(template, dataDir);
  const pgDb = adminUrl ? await freshPostgresDatabase(adminUrl, template?.source) : null;
  const config: PortalConfig = {
    ...base,
    dataDir,
    staticDir: path.join(dataDir, 'no-static'),
    databaseUrl: pgDb?.url,
    ...(template ? { adminPassword: template.adminPassword } : {}),
    ...overrides,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      captchaGenerator: () => ({ text: TEST_CAPTCHA_TEXT, data: `<svg xmlns="http://www.w3.org/2000/svg"><text>****</text></svg>` }),
      rateLimit: { loginPerMinute: 1000, captchaPerMinute: 1000 },
      // Errors only, to test-results/server-errors.log (a test that reads the log passes its own stream).
      ...(options.logStream || options.logger ? {} : { logStream: serverErrorStream(), logLevel: 'error' }),
      ...options,
    });
  } catch (error) {
    await pgDb?.drop();
    throw error;
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    adminPassword: config.adminPassword ?? (app.portal.initialAdminPassword as string),
    close: async () => {
      await app.close();
      await pgDb?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply<T = unknown> {
  status: number;
  body: { errorCode: string; errorMsg: string; data: T };
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  appKey?: string;
  method?: 'GET' | 'POST';
  query?: Record<string, string | number>;
  body?: unknown;
  rawBody?: string;
  bearer?: boolean;
  /** Further headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** One HTTP call with the client's headers; answers status and parsed envelope. */
export async function call<T = unknown>(url: string, pathName: string, opts: CallOptions = {}): Promise<Reply<T>> {
  const target = new URL(pathName, url);
  for (const [k, v] of Object.entries(opts.query ?? {})) target.searchParams.set(k, String(v));
  const headers: Record<string, string> = { clientId: 'ADMIN', version: '1.0.0', appKey: opts.appKey ?? 'adminSite' };
  if (opts.token) headers.Authorization = opts.bearer ? `Bearer ${opts.token}` : opts.token;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  Object.assign(headers, opts.headers);
  const res = await fetch(target, { method: opts.method ?? 'POST', headers, body });
  const text = await res.text();
  let parsed: Reply<T>['body'];
  try {
    parsed = JSON.parse(text) as Reply<T>['body'];
  } catch {
    throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** Logs in without captcha and answers the token (throws on failure, with the server's message). */
export async function login(url: string, username: string, password: string, appKey = 'adminSite'): Promise<string> {
  const r = await call<{ value: string }>(url, '/user/loginNoCode', { query: { username, password }, appKey });
  if (r.body.errorCode !== '0') throw new Error(`login ${username} failed: ${r.body.errorCode} ${r.body.errorMsg}`);
  return r.body.data.value;
}

export const DEMO_PASSWORD = 'Demo@2026';

/**
 * The first login of a user whose password an administrator set: logs in, changes the password to `chosen`
 * (the session may call nothing else before, docs/system-security.md) and answers the token, now usable.
 */
export async function firstLogin(url: string, username: string, given: string, chosen: string, appKey = 'adminSite'): Promise<string> {
  const token = await login(url, username, given, appKey);
  const r = await call(url, '/ding/user/pwd', { token, appKey, body: { oldPassword: given, newPassword: chosen, confirmPassword: chosen } });
  if (r.body.errorCode !== '0') throw new Error(`password change of ${username} failed: ${r.body.errorCode} ${r.body.errorMsg}`);
  return token;
}

/** The id of the demo column titled `title` (政务要闻 by default), as staff see it in /column/list. */
export async function columnIdOf(url: string, token: string, title = '政务要闻'): Promise<number> {
  const cols = (await call<{ categoryTitle: string; categoryId: number }[]>(url, '/column/list', { token, method: 'GET' })).body.data;
  return Number(cols.find((c) => c.categoryTitle === title)?.categoryId);
}
