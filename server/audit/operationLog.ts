import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginAudit } from '../auth/login.js';
import { appKeyOf } from '../auth/tokens.js';
import type { Db } from '../db/types.js';
import { formatDateTime } from '../util/time.js';
import { appendChained } from './chain/append.js';
import { logTypeOf, pathOf, scrubParams, type LogType } from './classify.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled by the login path: the account's id and the real reason of a refusal. */
    loginAudit?: LoginAudit;
    /** The answer's errorCode and errorMsg, read as it is sent. */
    auditResult?: { code: string; msg: string };
    /** The call's log type once classified (null: not recorded); see typeOf. */
    auditType?: LogType | null;
  }
}

export { LOG_TABLE } from './chain/head.js';

export interface LogEntry {
  type: 'login' | 'operation' | 'client';
  userId?: number | null;
  username?: string | null;
  name?: string | null;
  ip?: string | null;
  method?: string | null;
  path?: string | null;
  operation?: string | null;
  params?: string | null;
  httpStatus?: number | null;
  resultCode?: string | null;
  resultMsg?: string | null;
  success: 0 | 1;
  durationMs?: number | null;
  appKey?: string | null;
  userAgent?: string | null;
  createTime?: string;
}

const cut = (v: unknown, n: number) => (v === undefined || v === null ? null : String(v).slice(0, n));

export async function writeLog(db: Db, entry: LogEntry): Promise<number> {
  // Every entry is a link of the tamper-evident chain (server/audit/chain, docs/system-security.md).
  return appendChained(db, {
    ...entry,
    username: cut(entry.username, 100),
    name: cut(entry.name, 100),
    path: cut(entry.path, 300),
    operation: cut(entry.operation, 200),
    resultMsg: cut(entry.resultMsg, 500),
    userAgent: cut(entry.userAgent, 300),
    createTime: entry.createTime ?? formatDateTime(),
  });
}

const headerText = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/** The account name tried at a login call (query or body); never the password. */
function triedUsername(request: FastifyRequest): string | null {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const b = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const v = q.username ?? b.username ?? q.mobile ?? b.mobile ?? q.peoplePhone ?? b.peoplePhone;
  return v === undefined || v === null ? null : String(v);
}

function operationLabel(app: FastifyInstance, request: FastifyRequest, path: string): string | null {
  for (const decl of app.portal.declarations) {
    const calls = [
      ['create', decl.api.create],
      ['update', decl.api.update],
      ['delete', decl.api.delete],
    ] as const;
    for (const [op, call] of calls) {
      if (call && call.path === path) return `${decl.label}${{ create: '新增', update: '修改', delete: '删除' }[op]}`;
    }
    for (const action of decl.actions ?? []) if (action.path === path) return `${decl.label}${action.label}`;
    for (const extra of Object.values(decl.api.extra ?? {})) if (extra.path === path) return `${decl.label}${extra.label}`;
  }
  if (path === '/user/login' || path === '/user/loginNoCode') return '登录';
  if (path === '/people/logout') return '退出登录';
  void request;
  return null;
}

/** Writes the row of a recorded call (`type`: its log type, classify.ts). */
async function record(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, type: LogType) {
  const status = reply.statusCode;
  // Strangers without a session are not recorded for changes (nothing happened, and it would let anyone fill the log).
  if (type === 'operation' && status === 401) return;
  const path = request.routeOptions.url ?? pathOf(request.url);
  const user = request.portalUser;
  const result = request.auditResult;
  const success = status < 400 && (result ? result.code === '0' : true);
  const loginNote = request.loginAudit;
  const reason = loginNote?.reason;
  await writeLog(app.db, {
    type,
    userId: user?.userId ?? loginNote?.userId ?? null,
    username: user?.username ?? (type === 'login' ? triedUsername(request) : null),
    name: user?.name ?? null,
    ip: request.ip,
    method: request.method,
    path,
    operation: operationLabel(app, request, path),
    params: type === 'login' ? null : scrubParams(request.query, request.body),
    httpStatus: status,
    resultCode: result?.code ?? String(status),
    resultMsg: reason && result && result.code !== '0' ? `${result.msg}（${reason}）` : (result?.msg ?? null),
    success: success ? 1 : 0,
    durationMs: Math.round(reply.elapsedTime),
    appKey: appKeyOf(request.headers.appkey),
    userAgent: headerText(request.headers['user-agent']),
  });
}

/** The call's log type, classified once for the three hooks below (a 404 is never recorded). */
function typeOf(request: FastifyRequest): LogType | null {
  if (request.auditType === undefined) request.auditType = request.is404 ? null : logTypeOf(request.method, request.url);
  return request.auditType;
}

/** An envelope's errorCode and errorMsg (undefined when the value is not an envelope). */
function envelopeResult(value: unknown): { code: string; msg: string } | undefined {
  const envelope = value as { errorCode?: unknown; errorMsg?: unknown } | null;
  if (!envelope || typeof envelope !== 'object' || envelope.errorCode === undefined) return undefined;
  return { code: String(envelope.errorCode), msg: String(envelope.errorMsg ?? '') };
}

/**
 * True when the text sent starts with the code and message read before serialization (both serializers write an
 * envelope's keys in its order): else the text is parsed, as for an answer sent already serialized (a cached one).
 */
function sentAsRead(result: { code: string; msg: string } | undefined, text: string): boolean {
  return !!result && text.startsWith(`{"errorCode":${JSON.stringify(result.code)},"errorMsg":${JSON.stringify(result.msg)},`);
}

/**
 * The operation-log hook: one row per recorded call (classify.ts), written when the answer has gone
 * out. A failure to write is logged and never changes the answer. Registered through fastify-plugin so it
 * applies to every route of the app.
 */
export async function operationLogHook(app: FastifyInstance) {
  // Callback hooks: a read call (not recorded) passes both without a promise or a microtask (session 31).
  // The answer's code and message are read from the envelope object before it is serialized (session 32): parsing
  // the sent text cost a save of a draft with 3,000 history rows ~10 ms for its 700 KB answer (docs/performance.md).
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (typeOf(request)) request.auditResult = envelopeResult(payload);
    done(null, payload);
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (typeof payload === 'string' && payload.startsWith('{') && typeOf(request) && !sentAsRead(request.auditResult, payload)) {
      try {
        request.auditResult = envelopeResult(JSON.parse(payload));
      } catch {
        request.auditResult = undefined; // not an envelope
      }
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const type = typeOf(request);
    if (!type) return done();
    const failed = (error: unknown) => request.log.error({ err: error }, 'operation log write failed');
    // `record` may throw before its first await: caught like its rejection.
    Promise.resolve()
      .then(() => record(app, request, reply, type))
      .catch(failed)
      .finally(() => done());
  });
}
fp(operationLogHook, { name: 'portal-operation-log' });
