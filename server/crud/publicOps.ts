import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { fieldInput, type JsonSchema } from './schema/fields.js';
import type { PublicOpDecl, ResourceDecl } from '../../resources/types.js';
import { dynamic } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { bodyOf, queryOf } from '../http/params.js';
import { guardPublicSubmission } from '../public/guard.js';
import { hookContext } from './behaviour.js';
import type { AttachedPublicOp } from './entity/attach.js';
import { systemUser } from './entity/runtime.js';
import { inTransaction } from './service.js';

/**
 * Public operations (PublicOpDecl; docs/extending.md): a citizen's call without login. The behaviour
 * file's `check` reads the body first (a bad field is named before anything is counted), then the public
 * guard (gate, blacklist, per-address limits of `guard`, the image code), then `run` in one transaction as
 * the system; the answer is what `run` gives back, with the declared success message.
 */
export async function runPublicOp(app: FastifyInstance, decl: ResourceDecl, op: PublicOpDecl, request: FastifyRequest): Promise<unknown> {
  const handler = (op as Partial<AttachedPublicOp>).handler;
  if (!handler) throw new Error(`${decl.name}: 公众操作 ${op.name} 没有处理函数（server/entities/${decl.name}.ts publicOps）`);
  const body = { ...queryOf(request), ...bodyOf(request) };
  const values = await handler.check({ body });
  if (op.guard) await guardPublicSubmission(app, request, op.guard, { captcha: op.captcha === true });
  const ip = (request.ip || '').slice(0, 64);
  const answer = await inTransaction(dynamic(app.db), (trx) => Promise.resolve(handler.run({ values, ip, ctx: hookContext(trx, decl, systemUser) })));
  return ok(answer ?? null, op.success);
}

/** The public operation that shares the declaration's update path, if any. */
export const publicOpOnUpdatePath = (decl: ResourceDecl) => decl.publicOps?.find((o) => o.onUpdatePath && decl.api.update && o.path === decl.api.update.path);

/** The op's request schema (descriptive: `check` answers refusals in Chinese): its input fields, the image code. */
function publicOpSchema(decl: ResourceDecl, op: PublicOpDecl): FastifySchema {
  const fields = op.input ?? decl.fields.filter((f) => !f.readOnly && !f.compute && f.name !== decl.idField);
  const properties: Record<string, JsonSchema> = Object.fromEntries(fields.map((f) => [f.name, fieldInput(f, false)]));
  if (op.captcha) Object.assign(properties, { verifyCode: { type: ['string', 'null'], description: '图片验证码' }, codeId: { type: ['string', 'null'], description: '验证码ID' } });
  const values: JsonSchema = { additionalProperties: true, properties };
  const base = { summary: `${decl.label}：${op.label}`, tags: [decl.label] };
  return (op.method ?? 'POST') === 'GET' ? { ...base, querystring: { ...values, type: 'object' } } : { ...base, body: values };
}

/** Routes of the public operations that have a path of their own. */
export function registerPublicOps(app: FastifyInstance, decl: ResourceDecl): void {
  for (const op of decl.publicOps ?? []) {
    if (op === publicOpOnUpdatePath(decl)) continue;
    app.route({
      method: op.method ?? 'POST',
      url: op.path,
      schema: publicOpSchema(decl, op),
      attachValidation: true,
      config: { public: true, ...(op.rateLimit ? { rateLimit: op.rateLimit } : {}) },
      handler: (request) => runPublicOp(app, decl, op, request),
    });
  }
}
