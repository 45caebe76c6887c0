import type { FastifyInstance } from 'fastify';
import type { Hooks } from '../../resources/behaviour.js';
import type { ResourceDecl } from '../../resources/types.js';
import { ok } from '../http/envelope.js';
import { notChangeable } from '../http/errors.js';
import { describeInput } from '../http/routeInput.js';
import { valueTaken } from './service.js';
import { validateRecord } from './validate.js';

/**
 * Two field options (resources/shape/fields.ts; docs/extending.md "Session 27: 内容模型"): `existsAt`, a GET
 * answering whether a record already holds a value, and `createOnly`, a value an update may not change.
 */

/** The `existsAt` calls: the value from the path, checked by the field's rules, looked up among the records (behind the list key). */
export function registerExistsCalls(app: FastifyInstance, decl: ResourceDecl): void {
  for (const field of decl.fields) {
    if (!field.existsAt) continue;
    const name = /\{(\w+)\}/.exec(field.existsAt)?.[1] ?? field.name;
    const schema = describeInput({ path: { [name]: ['string', `要检查的${field.label}`] } });
    app.get(field.existsAt.replace(/\{(\w+)\}/g, ':$1'), { config: { permission: decl.permissions.list }, schema, attachValidation: true }, async (request) => {
      const raw = ((request.params ?? {}) as Record<string, unknown>)[name];
      const value = validateRecord({ ...decl, fields: [{ ...field, readOnly: false }] }, { [field.name]: raw }, 'update')[field.name];
      return ok(await valueTaken(app.db, decl, field.name, value));
    });
  }
}

/** `createOnly` fields: an update's other value refused, the same one dropped (after the entity's own beforeValidate hooks). */
export function createOnlyHooks(decl: ResourceDecl): Hooks {
  const fields = decl.fields.filter((f) => f.createOnly);
  if (!fields.length) return {};
  return {
    beforeValidate: [
      ({ operation, data, original }) => {
        if (operation !== 'update') return;
        const out = { ...data };
        keepCreateOnly(out, original, fields.map((f) => ({ field: f.name, label: f.label })));
        return out;
      },
    ],
  };
}

/**
 * What an update may not change (`createOnly` on a record's fields or a child's rows): a different value is
 * refused (1005 <label>保存后不能修改), the same one dropped from `values`. Nothing to check on a create.
 */
export function keepCreateOnly(values: Record<string, unknown>, original: Record<string, unknown> | undefined, fields: readonly { field: string; label: string }[]): void {
  if (!original) return;
  for (const { field, label } of fields) {
    if (values[field] === undefined) continue;
    if (values[field] !== original[field]) throw notChangeable(label);
    delete values[field];
  }
}
