import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consumeCaptcha } from '../auth/captcha.js';
import { bump, peek } from '../http/counterStore.js';
import { PortalError } from '../http/errors.js';
import { param } from '../http/params.js';
import { formatDateTime } from '../util/time.js';
import { refuseBlacklisted } from './blacklist.js';
import { admitPublicWork } from './gateOfApp.js';

export { cleanEmail, cleanPhone, cleanText, type CleanTextOptions } from './text.js';

/**
 * The guard every public submission passes (mail, surveys, suggestions, advice, disclosure requests,
 * forum posts, Q&A …). See docs/interaction-mail.md "The public-submission guard".
 */
export interface PublicLimits {
  /** Accepted submissions per IP in `windowMinutes`. */
  perWindow: number;
  windowMinutes: number;
  /** Accepted submissions per IP in 24 hours. */
  perDay: number;
  /** Accepted submissions of this kind from everybody in 24 hours (keeps a flood from filling the disk). */
  globalPerDay: number;
}

const envInt = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return process.env[name] && Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Defaults for every kind; environment variables change them for a whole installation. */
export const DEFAULT_PUBLIC_LIMITS: PublicLimits = {
  perWindow: envInt('PUBLIC_RATE_PER_WINDOW', 5),
  windowMinutes: envInt('PUBLIC_RATE_WINDOW_MINUTES', 10),
  perDay: envInt('PUBLIC_RATE_PER_DAY', 30),
  globalPerDay: envInt('PUBLIC_RATE_GLOBAL_PER_DAY', 2000),
};

// Keyed by the database handle: a module's routes see an encapsulated child of the root instance, and
// every child shares the root's `db`, so limits set on the root (tests) reach the modules' routes.
const overrides = new WeakMap<object, Map<string, Partial<PublicLimits>>>();

/** Changes the limits of one kind on one server (tests; a module with different needs). */
export function setPublicLimits(app: FastifyInstance, kind: string, limits: Partial<PublicLimits>): void {
  let byKind = overrides.get(app.db);
  if (!byKind) overrides.set(app.db, (byKind = new Map()));
  byKind.set(kind, { ...byKind.get(kind), ...limits });
}

export function publicLimits(app: FastifyInstance, kind: string): PublicLimits {
  return { ...DEFAULT_PUBLIC_LIMITS, ...overrides.get(app.db)?.get(kind) };
}

export const tooManyRequests = () => new PortalError('429', '操作过于频繁，请稍后再试', 429);
export const badCaptcha = () => new PortalError(2002, '验证码错误或已过期');

const DAY_MS = 24 * 3600_000;

async function countSince(app: FastifyInstance, kind: string, since: string, ip?: string): Promise<number> {
  let q = app.db.selectFrom('public_rate').select((eb) => eb.fn.countAll<number | string>().as('n')).where('kind', '=', kind).where('at', '>=', since);
  if (ip !== undefined) q = q.where('ip', '=', ip);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

// Requests already through the gate (a route that reads its own records before the guard admits first).
const admitted = new WeakSet<FastifyRequest>();

/**
 * Step 0 of the guard alone, for a route that must read the database (the survey, the topic) before it
 * can call the guard: the gate admits the request once; the guard then does not queue it again.
 */
export async function admitPublicSubmission(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (admitted.has(request)) return;
  if ((await admitPublicWork(app, request)) !== 'admitted') throw tooManyRequests();
  admitted.add(request);
}

/**
 * Call first thing in a public submission route, before reading or storing anything else.
 * 0. The flood gate of this instance (server/public/floodGate.ts), before any database work: over its
 *    budget a submission waits its turn, or is held a few seconds and refused → 429. Then one key read:
 *    the address's window counter (`rate_counter`, shared by every instance) at its limit → 429.
 * 1. Rate limits per IP (`perWindow` in `windowMinutes`, `perDay` in 24 h) and per kind for everybody
 *    (`globalPerDay`), counted in the `public_rate` table → HTTP 429 `操作过于频繁，请稍后再试`.
 * 2. Unless `opts.captcha === false`: `verifyCode` + `codeId` (query or body) against the login captcha
 *    store (GET /user/captcha?codeId=…; five minutes, one attempt) → `2002 验证码错误或已过期`.
 * 3. Only then counts this submission (one short insert; rows older than a day are pruned).
 * A refusal writes nothing (a captcha attempt is used up, as at login). The counts are read without a
 * lock, so concurrent requests may pass a limit by a few; that is the price of never blocking staff.
 */
export async function guardPublicSubmission(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: string,
  opts: { captcha?: boolean } = {},
): Promise<void> {
  // 0. The gate first: nothing below touches the database before this instance admits the work.
  await admitPublicSubmission(app, request);
  await refuseBlacklisted(app, request); // docs/spec-calls.md "Blacklist"
  const limits = publicLimits(app, kind);
  const ip = (request.ip || 'unknown').slice(0, 64);
  const now = Date.now();
  const dayAgo = formatDateTime(new Date(now - DAY_MS));
  const windowStart = formatDateTime(new Date(now - limits.windowMinutes * 60_000));
  const windowKey = `pub:${kind.slice(0, 64)}:${ip}`;

  await checkAndCount(app, request, kind, limits, opts, { ip, now, dayAgo, windowStart, windowKey });
}

async function checkAndCount(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: string,
  limits: PublicLimits,
  opts: { captcha?: boolean },
  at: { ip: string; now: number; dayAgo: string; windowStart: string; windowKey: string },
): Promise<void> {
  const { ip, now, dayAgo, windowStart, windowKey } = at;
  // The cheapest refusal first: this address's window counter (one primary-key read, every instance).
  if ((await peek(app.db, windowKey, now)).count >= limits.perWindow) throw tooManyRequests();

  if ((await countSince(app, kind, windowStart, ip)) >= limits.perWindow) throw tooManyRequests();
  if ((await countSince(app, kind, dayAgo, ip)) >= limits.perDay) throw tooManyRequests();
  if ((await countSince(app, kind, dayAgo)) >= limits.globalPerDay) throw tooManyRequests();

  if (opts.captcha !== false) {
    const verifyCode = param(request, 'verifyCode');
    const codeId = param(request, 'codeId');
    if (typeof verifyCode !== 'string' || typeof codeId !== 'string' || !verifyCode.trim() || !codeId.trim()) throw badCaptcha();
    if (!(await consumeCaptcha(app.db, codeId, verifyCode))) throw badCaptcha();
  }

  await app.db.insertInto('public_rate').values({ kind: kind.slice(0, 64), ip, at: formatDateTime(new Date(now)) }).execute();
  await bump(app.db, windowKey, limits.windowMinutes * 60_000, now);
  // Keep the table small: a day of accepted submissions at most (index on `at`).
  if (randomInt(10) === 0) await app.db.deleteFrom('public_rate').where('at', '<', dayAgo).execute();
}

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const QUERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const QUERY_CODE_LENGTH = 12;

/** A random query code (12 characters from QUERY_CODE_ALPHABET, crypto random: ~59 bits). */
export function newQueryCode(): string {
  let code = '';
  for (let i = 0; i < QUERY_CODE_LENGTH; i += 1) code += QUERY_CODE_ALPHABET[randomInt(QUERY_CODE_ALPHABET.length)];
  return code;
}

/** Normalises a query code typed by a visitor (case, spaces, dashes); '' when it cannot be one. */
export function normaliseQueryCode(value: unknown): string {
  if (typeof value !== 'string') return '';
  const code = value.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{6,32}$/.test(code) ? code : '';
}
