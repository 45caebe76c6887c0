import path from 'node:path';

/** Server settings, all from environment variables with defaults that work on a laptop. */
export interface PortalConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  sessionIdleMinutes: number;
  loginNoCode: boolean;
  staticDir: string;
  seedDemo: boolean;
  /** Scheduled jobs (monitoring checks, reminders) run in this instance; `SCHEDULER=off` turns them off. */
  scheduler: boolean;
  /** Site monitoring (docs/monitoring.md): a check slower than this fails (`MONITOR_SLOW_MS`, 15 s as the inspection rules say). */
  monitorSlowMs: number;
}

function intOr(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  return {
    port: intOr(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionIdleMinutes: intOr(env.SESSION_IDLE_MINUTES, 30),
    loginNoCode: env.LOGIN_NO_CODE !== 'off',
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    seedDemo: env.SEED_DEMO !== 'off',
    scheduler: env.SCHEDULER !== 'off',
    monitorSlowMs: Math.max(100, intOr(env.MONITOR_SLOW_MS, 15_000)),
  };
}
