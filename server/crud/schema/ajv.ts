import type { FastifyServerOptions } from 'fastify';
import { sanitizeRichText, stripHtml } from '../sanitize.js';
import { MAX_CHARS } from './fields.js';

type AjvConfig = NonNullable<FastifyServerOptions['ajv']>;
type AjvPlugin = Extract<NonNullable<AjvConfig['plugins']>[number], (...args: never[]) => unknown>;
type Ajv = Parameters<AjvPlugin>[0];

/** The length validate.ts counts: characters of the text as stored (rich text cleaned, plain text stripped and trimmed). */
export function storedLength(raw: string | number, html: boolean): number {
  const text = String(raw);
  return [...(html ? sanitizeRichText(text).trim() : stripHtml(text))].length;
}

/** Passing here only defers to validate.ts, which counts again: so short texts skip the stripping (rich text may grow by entities). */
const surelyShort = (raw: string | number, html: boolean, max: number) => String(raw).length * (html ? 6 : 1) <= max;

/** `x-maxChars: n` next to `type: string`: at most n characters once stored (JSON Schema's maxLength counts the raw text). */
const maxChars: AjvPlugin = (ajv: Ajv) =>
  ajv.addKeyword({
    keyword: MAX_CHARS,
    type: ['string', 'number'],
    schemaType: 'number',
    errors: false,
    validate: (max: number, data: string | number, parent?: { [key: string]: unknown }) => {
      const html = parent?.contentMediaType === 'text/html';
      return surelyShort(data, html, max) || storedLength(data, html) <= max;
    },
  });

/**
 * The app's Ajv (Fastify's default compiler): it never changes a request — no type coercion (a number
 * sent as a string stays a string, validate.ts converts it as before), no defaults filled in, no
 * unknown field removed (extra fields are part of the contract). First error only (allErrors invites DoS).
 * Union types ("a number or a numeric string") are the contract; a body whose key may be read from the
 * query instead has no root type, which Ajv's strictTypes would log about.
 */
export const ajvOptions: AjvConfig = {
  customOptions: { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false, allowUnionTypes: true, strictTypes: false },
  plugins: [maxChars],
};
