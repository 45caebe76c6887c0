import sanitizeHtml from 'sanitize-html';
import { invalidValue, missingParam } from '../http/errors.js';

export interface CleanTextOptions {
  /** Chinese name of the field, used in messages. */
  label: string;
  /** Most characters (code points) allowed after cleaning. */
  max: number;
  /** Empty after cleaning → `1001 缺少必填参数：{label}`. Default false (answers ''). */
  required?: boolean;
  /** Keep line breaks (letters, answers); otherwise all whitespace runs become one space. */
  multiline?: boolean;
}

const STRIP_ALL: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'iframe', 'object'],
};

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Decodes the few escapes sanitize-html writes (and numeric ones) in ONE pass, so `&amp;lt;` becomes
 * `&lt;` and not `<`: the stored text is exactly what the visitor typed, minus markup.
 */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '';
      return String.fromCodePoint(code);
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

// Control characters other than tab and line breaks; never wanted in stored text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200f\u2028\u2029\ufeff]/g;

/**
 * Plain text from a visitor: all HTML removed (no tag survives), entities decoded once, control
 * characters dropped, trimmed, length and presence enforced. Numbers are taken as their text; any other
 * non-string answers `1002 {label}格式不正确`.
 */
export function cleanText(value: unknown, opts: CleanTextOptions): string {
  let raw: string;
  if (value === undefined || value === null) raw = '';
  else if (typeof value === 'string') raw = value;
  else if (typeof value === 'number' && Number.isFinite(value)) raw = String(value);
  else throw invalidValue(`${opts.label}格式不正确`);
  // Far over the limit: refuse before parsing megabytes of markup.
  if (raw.length > opts.max * 20 + 10_000) throw invalidValue(`${opts.label}长度不能超过${opts.max}个字符`);

  let text = decodeEntities(sanitizeHtml(raw, STRIP_ALL)).replace(CONTROL, '');
  if (opts.multiline) {
    text = text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.replace(/[ \t\u00a0\u3000]+$/g, ''))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  } else {
    text = text.replace(/[\s\u00a0\u3000]+/g, ' ').trim();
  }
  if (text === '') {
    if (opts.required) throw missingParam(opts.label);
    return '';
  }
  if ([...text].length > opts.max) throw invalidValue(`${opts.label}长度不能超过${opts.max}个字符`);
  return text;
}

const MOBILE_RE = /^1[3-9]\d{9}$/;
/** Landline: optional area code 0xx(x), 7–8 digits, optional extension; digits and dashes only. */
const LANDLINE_RE = /^(0\d{2,3}-?)?[2-9]\d{6,7}(-\d{1,6})?$/;

/**
 * A mainland mobile number (1[3-9] + 9 digits, `+86`/`86` prefix accepted and dropped) or a landline
 * (digits and dashes). Spaces are removed. Required unless `opts.required === false` (then '' for empty).
 * Refusals: `1001 缺少必填参数：{label}`, `1002 {label}格式不正确`.
 */
export function cleanPhone(value: unknown, label: string, opts: { required?: boolean } = {}): string {
  const text = cleanText(value, { label, max: 40 }).replace(/[\s()（）]/g, '');
  if (text === '') {
    if (opts.required === false) return '';
    throw missingParam(label);
  }
  const mobile = text.replace(/^(\+?86)-?(?=1\d{10}$)/, '');
  if (MOBILE_RE.test(mobile)) return mobile;
  if (LANDLINE_RE.test(text) && text.replace(/-/g, '').length <= 20) return text;
  throw invalidValue(`${label}格式不正确`);
}

const EMAIL_RE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * An e-mail address (at most 100 characters), lower-cased domain. Required unless
 * `opts.required === false` (then '' for empty). Refusals as for cleanPhone.
 */
export function cleanEmail(value: unknown, label: string, opts: { required?: boolean } = {}): string {
  const text = cleanText(value, { label, max: 100 });
  if (text === '') {
    if (opts.required === false) return '';
    throw missingParam(label);
  }
  if (!EMAIL_RE.test(text) || text.includes('..')) throw invalidValue(`${label}格式不正确`);
  const at = text.lastIndexOf('@');
  return text.slice(0, at) + '@' + text.slice(at + 1).toLowerCase();
}
