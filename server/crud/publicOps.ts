import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicOpDecl, ResourceDecl } from '../../resources/types.js';
import { dynamic } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { bodyOf, queryOf } from '../http/params.js';
import { admitPublicSubmission, guardPublicSubmission } from '../public/guard.js';
import { hookContext } from './behaviour.js';
import type { AttachedPublicOp } from './entity/attach.js';
import { systemUser } from './entity/runtime.js';
import { inTransaction } from './service.js';
import { publicOpSchema } from './schema/publicOpSchema.js';
import { registerCaptchaPaths } from './captchaPaths.js';

/**
 * Public operations (PublicOpDecl; docs/extending.md): a citizen's call without login. The instance's flood
 * gate first; then the behaviour file's `check` reads the body (a bad field is named before anything is
 * counted); then the public guard (blacklist, per-address limits of `guard`, the image code); then `run` in
 * one transaction as the system. The answer is what `run` gives back, with the declared success message.
 */
export async function runPublicOp(app: FastifyInstance, decl: ResourceDecl, op: PublicOpDecl, request: FastifyRequest): Promise<unknown> {
  const handler = (op as Partial<AttachedPublicOp>).handler;
  if (!handler) throw new Error(`${decl.name}: 公众操作 ${op.name} 没有处理函数（server/entities/${decl.name}.ts publicOps）`);
  // The flood gate before anything else, reading the body included (a shut gate answers 429 to any body).
  if (op.guard) await admitPublicSubmission(app, request);
  const body = { ...queryOf(request), ...bodyOf(request) };
  const reads = hookContext(dynamic(app.db), decl, systemUser);
  const values = await handler.check({ body, api: reads.api, services: reads.services, request });
  if (op.guard) await guardPublicSubmission(app, request, op.guard, { captcha: op.captcha === true });
  const ip = (request.ip || '').slice(0, 64);
  const answer = await inTransaction(dynamic(app.db), (trx) => Promise.resolve(handler.run({ values, ip, ctx: hookContext(trx, decl, systemUser), request })));
  return ok(answer ?? null, op.success);
}

/** The public operation that shares the declaration's update path, if any. */
export const publicOpOnUpdatePath = (decl: ResourceDecl) => decl.publicOps?.find((o) => o.onUpdatePath && decl.api.update && o.path === decl.api.update.path);

/** Routes of the public operations that have a path of their own (and their `alsoAt` paths), and their image-code paths. */
export function registerPublicOps(app: FastifyInstance, decl: ResourceDecl): void {
  registerCaptchaPaths(app, decl);
  for (const op of decl.publicOps ?? []) {
    // An op on the update path, or the lookup of a declared read (server/crud/reads/), is served by that route.
    if (op === publicOpOnUpdatePath(decl) || decl.reads?.some((r) => r.lookup?.op === op.name)) continue;
    // The schema describes the body; a body it refuses still reaches `check`, which names the field in Chinese.
    for (const url of [op.path, ...(op.alsoAt ?? [])]) app.route({
      method: op.method ?? 'POST',
      url,
      schema: publicOpSchema(decl, op),
      attachValidation: true,
      config: { public: true, ...(op.rateLimit ? { rateLimit: op.rateLimit } : {}), ...(op.republish && decl.republish?.length ? { republish: decl.republish } : {}) },
      handler: (request) => runPublicOp(app, decl, op, request),
    });
  }
}
