import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { invalidValue, PortalError } from './errors.js';
import { claim, complete, read, release, type IdempotencyId, type StoredAnswer } from './idempotencyStore.js';

/**
 * `Idempotency-Key` (docs/api-conventions.md "Idempotent creates"): a write call that carries the header
 * runs once per (key, caller, route). The first request claims the key in the database; its successful
 * answer is stored and replayed to every repeat for `keepMs`, so a double click, a retried form or a
 * second instance behind the load balancer never stores a second record. A repeat that arrives while the
 * first still runs waits for its answer. A failed first answer (errorCode ≠ "0", any non-2xx) is not
 * stored: the key is freed, so the person can correct the form and send it again with the same key.
 * Calls without the header are untouched.
 */
export interface IdempotencyOptions {
  /** How long an answer is replayed (default 5 minutes). */
  keepMs?: number;
  /** How long a repeat waits for a first request still running (default 15 s). */
  waitMs?: number;
  /** A claim still pending after this long is taken as abandoned (a crashed instance; default 60 s). */
  staleMs?: number;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_RE = /^[A-Za-z0-9_\-:.]{8,128}$/;
const POLL_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') return undefined;
  if (!KEY_RE.test(key)) throw invalidValue('幂等键（Idempotency-Key）格式不正确：应为 8–128 个字母、数字或 - _ : .');
  return key;
}

/** Staff calls by the user; public ones by the client address (X-Forwarded-For only from TRUST_PROXY). */
function scopeOf(request: FastifyRequest): string {
  return request.portalUser ? `user:${request.portalUser.userId}` : `ip:${request.ip}`;
}

function requestHash(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

/** A JSON envelope that says success: the only answers worth replaying. */
function succeeded(statusCode: number, payload: unknown): string | null {
  if (statusCode < 200 || statusCode >= 300) return null;
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null) return null;
  try {
    const envelope = JSON.parse(text) as { errorCode?: unknown };
    return String(envelope?.errorCode) === '0' ? text : null;
  } catch {
    return null;
  }
}

function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  reply.code(answer.statusCode ?? 200).header('Idempotent-Replayed', 'true');
  if (answer.contentType) reply.type(answer.contentType);
  return reply.send(answer.payload ?? '');
}

async function idempotency(app: FastifyInstance, options: IdempotencyOptions) {
  const keepMs = options.keepMs ?? 5 * 60_000;
  const waitMs = options.waitMs ?? 15_000;
  const staleMs = options.staleMs ?? 60_000;
  const db = app.db;
  const owned = new WeakMap<FastifyRequest, IdempotencyId>();

  // After authentication and validation: the caller is known and a refused body never claims a key.
  // Each hook passes a call without a key at once, as a callback hook (no promise per request, session 31),
  // and runs its async part only for a keyed write.
  const claimKey = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const id: IdempotencyId = { key, scope: scopeOf(request), route: `${request.method} ${request.routeOptions.url ?? request.url}` };
    const hash = requestHash(request);
    const deadline = Date.now() + waitMs;
    while (Date.now() <= deadline) {
      if (await claim(db, id, hash, keepMs)) {
        owned.set(request, id);
        return;
      }
      const row = await read(db, id);
      if (!row) continue; // the first request failed meanwhile and freed the key: claim it again
      const now = Date.now();
      if (Date.parse(row.expiresAt) <= now || (row.state === 'pending' && Date.parse(row.createdAt) < now - staleMs)) {
        await release(db, id, row);
        continue;
      }
      if (row.requestHash !== hash) throw invalidValue('该幂等键（Idempotency-Key）已用于内容不同的另一个请求，请重新提交');
      if (row.state === 'done') return replay(reply, row);
      await sleep(POLL_MS);
    }
    throw new PortalError(1002, '相同的请求正在处理中，请稍后刷新查看结果');
  };
  app.addHook('preHandler', ((request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const key = WRITE_METHODS.has(request.method) ? keyOf(request) : undefined;
    if (!key) return done();
    // Answered as an async hook's promise (a replayed answer resolves with the reply, as before).
    return claimKey(request, reply, key);
  }) as preHandlerHookHandler);

  const store = async (request: FastifyRequest, reply: FastifyReply, payload: unknown, id: IdempotencyId) => {
    const text = succeeded(reply.statusCode, payload);
    if (text === null) await release(db, id);
    else await complete(db, id, { statusCode: reply.statusCode, contentType: String(reply.getHeader('content-type') ?? '') || null, payload: text });
    return payload;
  };
  app.addHook('onSend', ((request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const id = owned.get(request);
    if (!id) return done(null, payload);
    owned.delete(request);
    return store(request, reply, payload, id);
  }) as onSendHookHandler);

  // A request that ended without an answer (hook failure, connection lost) must not hold its key.
  app.addHook('onResponse', ((request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const id = owned.get(request);
    if (!id) return done();
    owned.delete(request);
    return release(db, id);
  }) as onResponseHookHandler);
}

export const idempotencyPlugin = fp(idempotency, { name: 'portal-idempotency' });
