import path from 'node:path';
import { backupConfig, type BackupConfig } from './backup/config.js';

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
  /**
   * Generate the whole public site in the background once the server is listening, when `site/` has no
   * home page yet (a fresh install shows its site at /site/ without a visit to 静态生成). Off unless the
   * server is started by server/main.ts (GENERATE_SITE_ON_START=off turns it off there).
   */
  generateSiteOnStart?: boolean;
  scheduler: boolean;
  /** Site monitoring (docs/monitoring.md): a check slower than this fails (`MONITOR_SLOW_MS`, 15 s as the inspection rules say). */
  monitorSlowMs: number;
  /** How often the availability job looks for due sites (`MONITOR_TICK_MS`, 30 s; tests use 1 s). */
  monitorTickMs?: number;
  /** The check interval (minutes) the portal's own site is registered with at first start (`MONITOR_OWN_INTERVAL_MIN`, 10). */
  monitorOwnIntervalMin?: number;
  /**
   * Addresses (IPs or CIDR ranges) of reverse proxies whose `X-Forwarded-For` is believed; empty = the
   * socket's address is the client (docs/deploy.md). `TRUST_PROXY=127.0.0.1,10.0.0.0/8`.
   */
  trustProxy: string[];
  /**
   * `Strict-Transport-Security: max-age=…` on answers that went out over HTTPS (a TLS socket, or
   * X-Forwarded-Proto: https from a proxy in TRUST_PROXY). `HSTS_MAX_AGE` seconds (180 days); `HSTS=off` or 0: never.
   */
  hstsMaxAgeSeconds: number;
  /**
   * 网页防篡改 (docs/generation.md "Site guard"): how often the site folder is compared with the manifest
   * (`SITE_GUARD_INTERVAL_MS`, 3 minutes; 0 = no check), and how long a just-written file is left alone
   * (`SITE_GUARD_GRACE_MS`, 10 s: the generator records a page a moment after writing it).
   */
  siteGuard: { everyMs: number; graceMs: number };
  /** Whole request (headers and body) must arrive within this (ms); large uploads need the longest. */
  requestTimeoutMs: number;
  /** Request headers must arrive within this (ms). */
  headersTimeoutMs: number;
  /** A non-upload body must arrive within this (ms) of the request's start (slow-body attacks). */
  bodyTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (ms). */
  keepAliveTimeoutMs: number;
  /**
   * Open connections per client address (trusted proxies exempt: they carry many clients). Past it an idle
   * or silent connection of the address makes room, else the new one gets a 503 (server/http/connectionCap.ts).
   */
  maxConnectionsPerIp: number;
  /** Failed logins from one address (any names) before it is refused for the lock time (PublicCMS: 20). */
  loginFailuresPerIp: number;
  /** Failures (per account or per address) after which /user/loginNoCode needs a captcha as well. */
  loginCaptchaAfter: number;
  /** How often expired counters, captchas and rate rows are removed (one instance at a time). */
  housekeepingMs: number;
  /** On SIGTERM in-flight requests get this long (ms) before the process exits anyway. */
  shutdownTimeoutMs: number;
  /**
   * The flood gate of public submissions, per instance (docs/deploy.md "Floods"): admitted per second
   * (`PUBLIC_GATE_RATE`, 20), at once after a quiet spell (`PUBLIC_GATE_BURST`, 40), waiting their turn
   * (`PUBLIC_GATE_QUEUE`, 60), longest wait and hold before a refusal (`PUBLIC_GATE_HOLD_MS`, 3000; kept
   * under half the request timeout).
   */
  publicGate: { ratePerSecond: number; burst: number; maxQueue: number; holdMs: number };
  /** The operation log's chain is anchored this often (`LOG_ANCHOR_MINUTES`, 60; skipped when nothing new). */
  logAnchorMinutes: number;
  /** Backups (docs/deploy.md "Backups"): server/backup/config.ts. */
  backup: BackupConfig;
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
    monitorTickMs: Math.max(200, intOr(env.MONITOR_TICK_MS, 30_000)),
    monitorOwnIntervalMin: Math.min(1440, Math.max(5, intOr(env.MONITOR_OWN_INTERVAL_MIN, 10))),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    hstsMaxAgeSeconds: env.HSTS === 'off' ? 0 : Math.max(0, intOr(env.HSTS_MAX_AGE, 180 * 24 * 3600)),
    siteGuard: { everyMs: Math.max(0, intOr(env.SITE_GUARD_INTERVAL_MS, 3 * 60_000)), graceMs: Math.max(0, intOr(env.SITE_GUARD_GRACE_MS, 10_000)) },
    requestTimeoutMs: intOr(env.REQUEST_TIMEOUT_MS, 120_000),
    headersTimeoutMs: intOr(env.HEADERS_TIMEOUT_MS, 10_000),
    bodyTimeoutMs: intOr(env.BODY_TIMEOUT_MS, 15_000),
    keepAliveTimeoutMs: intOr(env.KEEP_ALIVE_TIMEOUT_MS, 5_000),
    maxConnectionsPerIp: Math.max(1, intOr(env.MAX_CONNECTIONS_PER_IP, 256)),
    loginFailuresPerIp: intOr(env.LOGIN_FAILURES_PER_IP, 20),
    loginCaptchaAfter: intOr(env.LOGIN_CAPTCHA_AFTER, 3),
    housekeepingMs: intOr(env.HOUSEKEEPING_MS, 10 * 60_000),
    shutdownTimeoutMs: intOr(env.SHUTDOWN_TIMEOUT_MS, 10_000),
    publicGate: publicGateConfig(env),
    logAnchorMinutes: Math.max(1, intOr(env.LOG_ANCHOR_MINUTES, 60)),
    backup: backupConfig(env),
  };
}

function publicGateConfig(env: NodeJS.ProcessEnv): PortalConfig['publicGate'] {
  const requestTimeoutMs = intOr(env.REQUEST_TIMEOUT_MS, 120_000);
  return {
    ratePerSecond: Math.max(0.1, intOr(env.PUBLIC_GATE_RATE, 20)),
    burst: Math.max(1, intOr(env.PUBLIC_GATE_BURST, 40)),
    maxQueue: Math.max(0, intOr(env.PUBLIC_GATE_QUEUE, 60)),
    // A held request must be answered well before the server's request timeout closes it.
    holdMs: Math.min(Math.max(0, intOr(env.PUBLIC_GATE_HOLD_MS, 3_000)), Math.floor(requestTimeoutMs / 2)),
  };
}
