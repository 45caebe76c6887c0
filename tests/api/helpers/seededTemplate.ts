import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp, type BuildOptions } from '../../../server/app.js';
import type { PortalConfig } from '../../../server/config.js';
import { adminQuery, databaseUrlOf } from './pgAdmin.js';

/**
 * A first start (migrations, declared tables, demo seed) costs most of a test server's start: 5–13 s on
 * PostgreSQL on a busy machine, against well under a second to copy its result. So the first eligible server
 * of a vitest worker (the api and browser projects share one module graph, `isolate: false`) seeds a
 * template once, and every later one copies it: `CREATE DATABASE … TEMPLATE` on PostgreSQL, the database
 * file on SQLite. Servers whose start is itself under test (first-start password, no demo data, a restart on
 * an existing directory, extra declarations) still start from nothing. PORTAL_TEST_TEMPLATE=off turns it off.
 */
export interface SeededTemplate {
  /** The SQLite file, or the PostgreSQL database name. */
  source: string;
  adminPassword: string;
}

// What the first start reads: a server overriding any of these seeds its own database.
const SEED_INPUTS: readonly (keyof PortalConfig)[] = ['adminPassword', 'seedDemo', 'dataDir', 'databaseUrl', 'port', 'monitorOwnIntervalMin'];

export function templateEligible(overrides: Partial<PortalConfig>, options: BuildOptions): boolean {
  if (process.env.PORTAL_TEST_TEMPLATE === 'off') return false;
  if (options.declarations || options.behaviours) return false;
  return !SEED_INPUTS.some((key) => key in overrides);
}

const templates = new Map<string, Promise<SeededTemplate>>();

/** The template for this database and site address (SITE_BASE_URL changes the seeded own-site monitor). */
export function seededTemplate(config: PortalConfig): Promise<SeededTemplate> {
  const key = `${process.env.DATABASE_URL ?? 'sqlite'}|${process.env.SITE_BASE_URL ?? ''}`;
  let template = templates.get(key);
  if (!template) {
    template = buildTemplate(config);
    templates.set(key, template);
    // A failed build is not cached: the next server tries again (and reports its own error).
    template.catch(() => templates.delete(key));
  }
  return template;
}

async function buildTemplate(config: PortalConfig): Promise<SeededTemplate> {
  const adminPassword = `Adm@${randomBytes(6).toString('hex')}Z9`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-template-'));
  const adminUrl = process.env.DATABASE_URL;
  const name = `portal_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (adminUrl) await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const app = await buildApp(
    { ...config, dataDir, staticDir: path.join(dataDir, 'no-static'), databaseUrl: adminUrl ? databaseUrlOf(adminUrl, name) : undefined, adminPassword, scheduler: false, generateSiteOnStart: false },
  );
  await app.close();
  return { source: adminUrl ? name : path.join(dataDir, 'portal.sqlite'), adminPassword };
}

/** Copies the template's SQLite file (closed, so its journal is checkpointed) into a server's data directory. */
export async function copySqliteTemplate(template: SeededTemplate, dataDir: string): Promise<void> {
  for (const suffix of ['', '-wal']) {
    await fs.copyFile(template.source + suffix, path.join(dataDir, `portal.sqlite${suffix}`)).catch((error: NodeJS.ErrnoException) => {
      if (!(suffix && error.code === 'ENOENT')) throw error;
    });
  }
}
