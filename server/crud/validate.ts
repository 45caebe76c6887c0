import { isVirtualField } from '../../resources/shape/fields.js';
import type { FieldDecl, ResourceDecl } from '../../resources/types.js';
import { invalidValue, missingParam } from '../http/errors.js';
import { DATE_RE, normaliseDateTime } from '../util/time.js';
import { sanitizeRichText, stripHtml } from './sanitize.js';

/** Fields the server fills itself; a client value for them is ignored. */
export const SERVER_FIELDS = new Set(['deptId', 'deptName', 'creatorId', 'creatorName', 'createTime', 'updateTime']);
/** Of those, the owning department: the server's own code (the local API) may set it — a transfer hands a record on. */
export const OWNER_FIELDS = new Set(['deptId', 'deptName']);

/** A value not given: absent, null or blank text (an empty list is a value: the field rules judge it). */
export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function isUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** Checks and converts one present value; answers the value to store. */
function convert(field: FieldDecl, raw: unknown): unknown {
  const label = field.label;
  // `many`: several record ids (an array or a comma list), each a positive integer.
  if (field.many) {
    const parts = Array.isArray(raw) ? raw : String(raw).split(',').filter((p) => p.trim() !== '');
    const ids = parts.map((p) => (typeof p === 'number' ? p : Number(String(p).trim())));
    if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw invalidValue(`${label}必须是记录ID的列表`);
    return [...new Set(ids)];
  }
  switch (field.type) {
    case 'number':
    case 'reference': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(n)) throw invalidValue(`${label}必须是数字`);
      if (!field.decimals && !Number.isInteger(n)) throw invalidValue(`${label}必须是整数`);
      if (field.min !== undefined && n < field.min) throw invalidValue(`${label}不能小于${field.min}`);
      if (field.max !== undefined && n > field.max) throw invalidValue(`${label}不能大于${field.max}`);
      return field.decimals ? Number(n.toFixed(field.decimals)) : n;
    }
    case 'enum': {
      const option = field.options?.find((o) => String(o.value) === String(raw).trim());
      if (!option || (typeof raw !== 'string' && typeof raw !== 'number')) {
        throw invalidValue(`${label}的值无效，可选值：${(field.options ?? []).map((o) => `${o.value}（${o.label}）`).join('、')}`);
      }
      return option.value;
    }
    case 'date': {
      if (typeof raw !== 'string' || !DATE_RE.test(raw.trim())) throw invalidValue(`${label}格式应为YYYY-MM-DD`);
      return raw.trim();
    }
    case 'datetime': {
      const v = typeof raw === 'string' ? normaliseDateTime(raw.trim()) : null;
      if (!v) throw invalidValue(`${label}格式应为YYYY-MM-DD HH:mm:ss`);
      return v;
    }
    default: {
      if (typeof raw !== 'string' && typeof raw !== 'number') throw invalidValue(`${label}必须是文本`);
      let text = String(raw);
      text = field.type === 'richtext' ? sanitizeRichText(text).trim() : stripHtml(text);
      if (field.maxLength !== undefined && [...text].length > field.maxLength) {
        throw invalidValue(`${label}长度不能超过${field.maxLength}个字符`);
      }
      // A pattern describes what was typed: markup in it is refused, not stripped into a valid value.
      const typed = String(raw).trim();
      if (field.pattern && typed !== '' && !new RegExp(field.pattern.source).test(typed)) throw invalidValue(field.pattern.message ?? `${label}格式不正确`);
      if (field.type === 'url' && text !== '' && !isUrl(text)) throw invalidValue(`${label}必须是以http://或https://开头的有效网址`);
      if ((field.type === 'image' || field.type === 'file') && /^\s*(javascript|data|vbscript):/i.test(text)) {
        throw invalidValue(`${label}地址无效`);
      }
      return text;
    }
  }
}

/**
 * Turns a client body into the columns to write. On create every required field must be there and
 * defaults fill the rest; on update only the fields present change.
 */
export function validateRecord(decl: ResourceDecl, body: Record<string, unknown>, mode: 'create' | 'update', trusted = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of decl.fields) {
    if (field.name === decl.idField || isVirtualField(field)) continue;
    if (SERVER_FIELDS.has(field.name) && !(trusted && OWNER_FIELDS.has(field.name) && Object.prototype.hasOwnProperty.call(body, field.name))) continue;
    // Read-only fields come from the server: its own code (the local API, `trusted`) may set them, a client never.
    if (field.readOnly && !(trusted && Object.prototype.hasOwnProperty.call(body, field.name))) continue;
    const present = Object.prototype.hasOwnProperty.call(body, field.name);
    const raw = body[field.name];
    if (!present || raw === undefined) {
      if (mode === 'create') {
        if (field.required && (field.default === undefined || field.default === null)) throw missingParam(field.name);
        if (field.default !== undefined) out[field.name] = field.default;
      }
      continue;
    }
    if (isBlank(raw)) {
      // A blank write-only value (a password field left empty) keeps the stored one.
      if (field.writeOnly && mode === 'update') continue;
      if (field.required) throw missingParam(field.name);
      out[field.name] = null;
      continue;
    }
    const value = convert(field, raw);
    if (field.required && typeof value === 'string' && value === '') throw missingParam(field.name);
    out[field.name] = value;
  }
  if (mode === 'create') {
    // Read-only counters and states start at their declared default.
    for (const field of decl.fields) {
      if (field.readOnly && !(field.name in out) && !SERVER_FIELDS.has(field.name) && field.name !== decl.idField && field.default !== undefined) {
        out[field.name] = field.default;
      }
    }
  }
  return out;
}
