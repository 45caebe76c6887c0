import { isVirtualField } from '../../../resources/shape/fields.js';
import type { FieldDecl } from '../../../resources/types.js';

/**
 * JSON Schemas of one declared field, in the two directions of the wire. The input schema accepts
 * exactly what `validateRecord` (server/crud/validate.ts) accepts — numbers sent as strings, blank values,
 * padded enum values — so attaching it to a route refuses nothing that was accepted before; the
 * checks it cannot state (a number inside a string, a real calendar date) stay in validate.ts.
 */
export type JsonSchema = { [key: string]: unknown };

/** Custom keyword (server/crud/schema/ajv.ts): characters of the text as stored (markup out, trimmed). */
export const MAX_CHARS = 'x-maxChars';

const withNull = (types: string[], required: boolean) => (required ? types : [...types, 'null']);
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function annotate(field: FieldDecl): JsonSchema {
  const base: JsonSchema = { title: field.label };
  if (field.help) base.description = field.help;
  return base;
}

/** Enum values as sent: the value itself, its other JSON form ("1" for 1 and back), padded with blanks. */
function enumInput(field: FieldDecl, required: boolean): JsonSchema {
  const options = field.options ?? [];
  const values = options.map((o) => o.value);
  const numbers = options.map((o) => Number(o.value)).filter((n, i) => Number.isFinite(n) && String(n) === String(options[i]?.value));
  const texts = options.map((o) => escapeRe(String(o.value)));
  const described = options.map((o) => `${o.value}（${o.label}）`).join('、');
  return {
    ...annotate(field),
    description: `可选值：${described}；也接受数字的字符串形式`,
    anyOf: [
      { enum: [...new Set([...values, ...numbers]), ...(required ? [] : [null])] },
      // A blank string is "no value" (null, or 缺少必填参数 when required): validate.ts decides.
      { type: 'string', pattern: `^\\s*(?:${texts.join('|')})?\\s*$` },
    ],
  };
}

const DATE_INPUT = '^\\s*(?:\\d{4}-\\d{2}-\\d{2})?\\s*$';
const DATETIME_INPUT = '^\\s*(?:\\d{4}-\\d{2}-\\d{2}(?:[ T]\\d{2}:\\d{2}(?::\\d{2})?)?)?\\s*$';

/** A writable field in a save body. `required`: the field may not be null (validate.ts answers 1001). */
export function fieldInput(field: FieldDecl, required: boolean): JsonSchema {
  const base = annotate(field);
  switch (field.type) {
    case 'number':
    case 'reference':
      return {
        ...base,
        type: withNull(['number', 'string'], required),
        ...(!field.decimals && { multipleOf: 1 }),
        ...(field.min !== undefined && { minimum: field.min }),
        ...(field.max !== undefined && { maximum: field.max }),
        description: [field.help, field.type === 'reference' ? `${field.reference ?? ''} 的记录ID` : '', field.decimals ? `最多${field.decimals}位小数` : '整数', '也接受数字字符串'].filter(Boolean).join('；'),
      };
    case 'enum':
      return enumInput(field, required);
    case 'date':
      return { ...base, type: withNull(['string'], required), pattern: DATE_INPUT, description: 'YYYY-MM-DD' };
    case 'datetime':
      return { ...base, type: withNull(['string'], required), pattern: DATETIME_INPUT, description: 'YYYY-MM-DD HH:mm:ss（也接受YYYY-MM-DD）' };
    default: {
      const rich = field.type === 'richtext';
      return {
        ...base,
        type: withNull(['string', 'number'], required),
        ...(rich && { contentMediaType: 'text/html' }),
        ...(field.maxLength !== undefined && { [MAX_CHARS]: field.maxLength }),
        ...(field.maxLength !== undefined && { description: [field.help, `最多${field.maxLength}个字符（${rich ? '净化后' : '去掉标签和首尾空白后'}）`].filter(Boolean).join('；') }),
        ...(field.type === 'dict' && { description: `数据字典 ${field.dict ?? ''}` }),
      };
    }
  }
}

/** A field's value as answered; `null` is always possible (an empty column). */
export function fieldOutput(field: FieldDecl): JsonSchema {
  const base: JsonSchema = annotate(field);
  if (field.readOnly || isVirtualField(field)) base.readOnly = true;
  // A computed value has no declared type: it is answered as computed.
  if (field.compute) return base;
  switch (field.type) {
    case 'number':
      return { ...base, type: [field.decimals ? 'number' : 'integer', 'null'], ...(field.min !== undefined && { minimum: field.min }), ...(field.max !== undefined && { maximum: field.max }) };
    case 'reference':
      return { ...base, type: ['integer', 'null'], description: `${field.reference ?? ''} 的记录ID` };
    case 'enum': {
      const options = field.options ?? [];
      const numeric = options.every((o) => typeof o.value === 'number');
      return { ...base, type: [numeric ? 'integer' : 'string', 'null'], enum: [...options.map((o) => o.value), null], description: options.map((o) => `${o.value}=${o.label}`).join('，') };
    }
    case 'date':
      return { ...base, type: ['string', 'null'], description: 'YYYY-MM-DD' };
    case 'datetime':
      return { ...base, type: ['string', 'null'], description: 'YYYY-MM-DD HH:mm:ss' };
    default:
      return { ...base, type: ['string', 'null'], ...(field.maxLength !== undefined && { maxLength: field.maxLength }), ...(field.type === 'richtext' && { contentMediaType: 'text/html' }), ...(field.type === 'dict' && { description: `数据字典 ${field.dict ?? ''}` }) };
  }
}
