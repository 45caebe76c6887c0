/**
 * Which calls the operation log records (docs/system-security.md):
 * - every login attempt (`login` type), successful or not, and logouts;
 * - every change: a call that is not GET and is not a read. A read is a call whose path has a read
 *   word (list, get, view, info, query, page, tree, top, count, kv, search, captcha…) and no change word
 *   (add, save, update, del, edit, audit, grant, reset, pwd, …). Anything unsure is recorded.
 */
export const LOGIN_PATHS = new Set(['/user/login', '/user/loginNoCode', '/people/login', '/people/mobileLogin', '/people/logout']);

/** Entries the client reports itself: the entry is the record, the call is not recorded again. */
export const SELF_RECORDED = new Set(['/log/systemLogSave']);

const CHANGE_START =
  /^(add|save|update|upd|del|dels|delete|remove|edit|audit|grant|reset|pwd|password|move|sort|copy|accept|approve|reject|transfer|examine|open|close|stop|upload|import|write|publish|generate|create|enable|disable|purge|recommend|reply|submit|bind|unbind|assign|revoke|cancel|restore)/i;
const READ_START = /^(list|get|view|info|query|page|tree|count|kv|all|search|find|captcha|detail|stat|export|download|preview)/i;
const READ_END = /(list|tree|count|top|num|info|detail|kv|view)$/i;
const isReadWord = (s: string) => READ_START.test(s) || READ_END.test(s);

/** Path without the query string. */
export const pathOf = (url: string) => url.split('?')[0] ?? url;

/**
 * The last segment names the call (…/save, /systemLogList, /getTop); when it is neither a read nor a
 * change word (…/save/node, /ding/user/grant/role, /data/dict/list/subEsType), the segments before it
 * after the module name decide; when nothing decides, the call counts as a change and is recorded.
 */
export function isReadCall(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return true;
  const segments = path.split('/').filter(Boolean);
  const last = segments[segments.length - 1] ?? '';
  if (CHANGE_START.test(last)) return false;
  if (isReadWord(last)) return true;
  const verbs = segments.slice(1, -1);
  if (verbs.some((s) => CHANGE_START.test(s) && !isReadWord(s))) return false;
  return verbs.some(isReadWord);
}

export type LogType = 'login' | 'operation';

/** The type of entry a call makes, or null when it is not recorded. */
export function logTypeOf(method: string, url: string): LogType | null {
  const path = pathOf(url);
  if (LOGIN_PATHS.has(path)) return 'login';
  if (SELF_RECORDED.has(path)) return null;
  return isReadCall(method, path) ? null : 'operation';
}

const SECRET_KEY = /(pass|pwd|token|secret|authorization|cookie|verifycode|captcha|^code$|photocode|ticket|idnumber)/i;
const MAX_PARAMS = 2000;

/** Query and body with passwords, tokens and codes masked, long texts cut; at most 2000 characters. */
export function scrubParams(query: unknown, body: unknown): string | null {
  const clean = (v: unknown, depth: number): unknown => {
    if (v === null || v === undefined) return v;
    if (typeof v === 'string') return v.length > 200 ? `${v.slice(0, 200)}…(${v.length}字)` : v;
    if (typeof v !== 'object') return v;
    if (depth > 4) return '…';
    if (Array.isArray(v)) return v.slice(0, 50).map((x) => clean(x, depth + 1));
    if (Buffer.isBuffer(v)) return `(${v.length}字节)`;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = SECRET_KEY.test(k) ? '***' : clean(x, depth + 1);
    return out;
  };
  const parts: Record<string, unknown> = {};
  if (query && typeof query === 'object' && Object.keys(query).length) parts.query = clean(query, 0);
  if (body !== undefined && body !== null && typeof body !== 'string') parts.body = clean(body, 0);
  if (!Object.keys(parts).length) return null;
  const text = JSON.stringify(parts);
  return text.length > MAX_PARAMS ? `${text.slice(0, MAX_PARAMS)}…` : text;
}
