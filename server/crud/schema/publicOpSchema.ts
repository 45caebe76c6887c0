import { isVirtualField } from '../../../resources/shape/fields.js';
import type { PublicOpDecl, ResourceDecl } from '../../../resources/types.js';
import { fieldInput, type JsonSchema } from './fields.js';
import type { RouteSchema } from './routeSchemas.js';

const CAPTCHA: Record<string, JsonSchema> = {
  codeId: { type: ['string', 'null'], description: '验证码ID（GET /user/captcha?codeId=…）' },
  verifyCode: { type: ['string', 'null'], description: '图片验证码' },
};

/**
 * The request schema of a public operation's own route (OpenAPI and the route-schema rule): the body the
 * op declares in `input` (else the create fields), the image code when `captcha`. Descriptive only: the behaviour's `check` reads
 * the body and names a bad field in Chinese (server/crud/publicOps.ts), so nothing is required here.
 */
export function publicOpSchema(decl: ResourceDecl, op: PublicOpDecl): RouteSchema {
  const properties: Record<string, JsonSchema> = {};
  // Without `input` the op reads what the declaration's create form does.
  const fields = op.input ?? decl.fields.filter((f) => !f.readOnly && !isVirtualField(f) && f.name !== decl.idField);
  for (const f of fields) properties[f.name] = fieldInput(f, false);
  if (op.captcha) Object.assign(properties, CAPTCHA);
  const values: JsonSchema = { type: 'object', additionalProperties: true, properties };
  const base = { summary: `${decl.label}：${op.label}（公众）`, tags: [decl.label] };
  return (op.method ?? 'POST') === 'GET' ? { ...base, querystring: values } : { ...base, body: values };
}
