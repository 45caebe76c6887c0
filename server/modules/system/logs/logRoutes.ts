import type { FastifyInstance } from 'fastify';
import { purgeLog } from '../../../audit/chain/purge.js';
import { writeLog } from '../../../audit/operationLog.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, requireParam } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { declarationOf } from '../../declarationLookup.js';
import { describeInput } from '../../../http/routeInput.js';

/** An entry the client reports (the first of the synonyms given is used). */
const CLIENT_LOG = describeInput({
  body: {
    operation: ['string', '操作内容（必填，不超过200个字符；也可用 operName、description、content、title）'],
    success: ['any', '是否成功：1（默认）、0'],
    method: ['string', '方式，默认 CLIENT'],
    path: ['string', '页面或地址（也可用 url、route）'],
    resultCode: ['string', '结果码'],
    resultMsg: ['string', '结果说明（也可用 result）'],
  },
});

/** Entries younger than this are never deleted by any call. */
export const LOG_RETENTION_DAYS = 180;

const text = (v: unknown, n: number) => (v === undefined || v === null || v === '' ? null : String(v).slice(0, n));

/**
 * Operation and login log (spec part 2 "Logs") beside its generic routes (/systemLogList: changes and
 * client entries unless a type is asked; /log/list, every type: `api.alsoAt`; /log/get; the indexes of the
 * searched columns): /log/systemLogSave (an entry the client reports, as the logged-in user), /log/purge
 * (only entries older than 180 days).
 */
export async function logRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'operationLog');
  if (!decl) return;
  // Any logged-in user may report what the client did (an export, a download, a client error); the
  // entry is always written as that user, so nobody can write in another's name.
  app.post('/log/systemLogSave', { schema: CLIENT_LOG, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const user = currentUser(request);
    const operation = text(body.operation ?? body.operName ?? body.description ?? body.content ?? body.title, 200);
    if (!operation) throw invalidValue('请填写操作内容');
    const success = body.success === 0 || body.success === '0' || body.success === false ? 0 : 1;
    const id = await writeLog(app.db, {
      type: 'client',
      userId: user.userId,
      username: user.username,
      name: user.name,
      ip: request.ip,
      method: text(body.method, 10) ?? 'CLIENT',
      path: text(body.path ?? body.url ?? body.route, 300),
      operation,
      params: null,
      httpStatus: null,
      resultCode: text(body.resultCode, 20) ?? (success ? '0' : '-1'),
      resultMsg: text(body.resultMsg ?? body.result, 500),
      success,
      durationMs: null,
      appKey: user.appKey,
      userAgent: text(request.headers['user-agent'], 300),
    });
    return ok({ id }, '保存成功');
  });

  app.post('/log/purge', { config: { permission: decl.permissions.delete }, schema: describeInput({ either: { days: ['integer', '清理多少天以前的日志（不少于保留天数）'] } }), attachValidation: true }, async (request) => {
    const raw = requireParam(request, 'days');
    const days = Number(raw);
    if (!Number.isInteger(days) || days < LOG_RETENTION_DAYS) throw invalidValue(`日志至少保留${LOG_RETENTION_DAYS}天，只能清理${LOG_RETENTION_DAYS}天以前的日志`);
    const before = formatDateTime(new Date(Date.now() - days * 86_400_000));
    // The chain stays verifiable: the last link removed becomes its new base (server/audit/chain/purge.ts).
    const { deleted, baseSeq } = await purgeLog(app.db, before);
    return ok({ deleted, before, baseSeq }, `已清理${deleted}条日志`);
  });
}
