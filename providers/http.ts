import { PortalError, missingParameterMessage } from './errors';
import { emitErrorToast, emitPanel } from './notices';
import { emitPasswordChangeRequired, PASSWORD_CHANGE_CODE } from './passwordChange';
import { clearSession, getAppKey, getToken, loginUrlFor } from './session';
import type { BlobReply, Envelope, HttpClient, HttpClientOptions, PortalRequest } from './types';

/**
 * The portal's HTTP contract (spec part 1 §7–§8, docs/api-conventions.md): headers, the envelope, and what
 * each failure shows. Every call of the providers goes through here.
 */

const SERVER_ERROR_BODY = '服务端异常';
const OTHER_STATUS_TITLE = '错误';
const DEFAULT_FILE_NAME = 'download';

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  // Looked up per call so tests (and MSW) can swap the global fetch after the client is built.
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);
  const onUnauthorized = options.onUnauthorized ?? ((url: string) => window.location.assign(url));

  async function request<T>(req: PortalRequest): Promise<T> {
    const missing = findMissing(req);
    if (missing !== undefined) {
      const message = missingParameterMessage(missing);
      if (!req.silent) emitErrorToast(message);
      throw new PortalError(message, { notified: !req.silent });
    }

    const method = req.method ?? 'POST';
    const headers: Record<string, string> = {
      appKey: getAppKey(),
      clientId: 'ADMIN',
      version: '1.0.0',
    };
    const token = getToken();
    // The original client sends the raw token, without "Bearer ".
    if (token) headers.Authorization = token;
    if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;

    let body: BodyInit | undefined;
    if (req.body !== undefined && method !== 'GET') {
      if (isFormData(req.body)) {
        // fetch sets multipart/form-data with its boundary itself.
        body = req.body;
      } else {
        body = JSON.stringify(req.body);
        headers['Content-Type'] = 'application/json';
      }
    }
    Object.assign(headers, req.headers);

    const url = apiUrl + req.path + queryString(req.query);
    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body });
    } catch (err) {
      // Network failure, CORS refusal, aborted page: there is no status to go by.
      const message = err instanceof Error ? err.message : String(err);
      if (!req.silent) emitPanel(OTHER_STATUS_TITLE, message);
      throw new PortalError(message, { notified: !req.silent });
    }

    if (!response.ok) return rejectStatus(response, req);

    if (req.responseType === 'blob' && !isJson(response)) {
      const blob = await response.blob();
      const fileName =
        fileNameFromDisposition(response.headers.get('Content-Disposition')) ??
        req.fallbackFileName ??
        DEFAULT_FILE_NAME;
      return { blob, fileName } satisfies BlobReply as T;
    }

    const text = await response.text();
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      if (!req.silent) emitPanel(OTHER_STATUS_TITLE, text);
      throw new PortalError(text || 'Invalid JSON reply', { status: response.status, notified: !req.silent });
    }
    if (envelope === null || typeof envelope !== 'object') {
      if (!req.silent) emitPanel(OTHER_STATUS_TITLE, text);
      throw new PortalError(text, { status: response.status, notified: !req.silent });
    }
    // Some servers send the code as a number; "0" and 0 both mean success.
    if (String(envelope.errorCode) !== '0') {
      const message = envelope.errorMsg || `errorCode ${String(envelope.errorCode)}`;
      if (String(envelope.errorCode) === PASSWORD_CHANGE_CODE) emitPasswordChangeRequired();
      if (!req.silent) emitErrorToast(message);
      throw new PortalError(message, {
        errorCode: String(envelope.errorCode),
        status: response.status,
        notified: !req.silent,
      });
    }
    if (req.responseType === 'blob') {
      // A successful export that answers JSON is still a file for the caller.
      const blob = new Blob([text], { type: 'application/json' });
      return { blob, fileName: req.fallbackFileName ?? DEFAULT_FILE_NAME } satisfies BlobReply as T;
    }
    return envelope.data;
  }

  async function rejectStatus(response: Response, req: PortalRequest): Promise<never> {
    const { status } = response;
    const text = await response.text().catch(() => '');
    const errorCode = envelopeField(text, 'errorCode');
    const errorMsg = envelopeField(text, 'errorMsg');

    if (status >= 500) {
      if (!req.silent) emitPanel(String(status), SERVER_ERROR_BODY);
      throw new PortalError(SERVER_ERROR_BODY, { status, errorCode, notified: !req.silent });
    }
    if (status > 400) {
      // Spec part 1 §8: every 4xx but 400 means the session is no good here; back to this app's login.
      if (!req.silent) {
        clearSession();
        onUnauthorized(loginUrlFor(getAppKey()));
      }
      throw new PortalError(errorMsg ?? `HTTP ${status}`, { status, errorCode, notified: !req.silent });
    }
    if (!req.silent) emitPanel(OTHER_STATUS_TITLE, text);
    throw new PortalError(errorMsg ?? (text || `HTTP ${status}`), { status, errorCode, notified: !req.silent });
  }

  return { request, apiUrl };
}

/** First required name the request lacks, if any. */
function findMissing(req: PortalRequest): string | undefined {
  for (const name of req.required ?? []) {
    if (name === 'body') {
      if (req.body === undefined || req.body === null) return name;
      continue;
    }
    const inQuery = req.query !== undefined && isPresent(req.query[name]);
    if (!inQuery && !bodyHas(req.body, name)) return name;
  }
  return undefined;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function bodyHas(body: unknown, name: string): boolean {
  if (isFormData(body)) return body.has(name);
  if (body === null || typeof body !== 'object') return false;
  return (body as Record<string, unknown>)[name] !== undefined;
}

function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

function isJson(response: Response): boolean {
  const type = response.headers.get('Content-Type') ?? '';
  return /^application\/(.+\+)?json/i.test(type.trim());
}

/** `?a=1&b=x`, values encoded, undefined and null left out. */
function queryString(query: PortalRequest['query']): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** RFC 6266: `filename*=UTF-8''…` (percent-encoded) wins over `filename="…"`. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // Malformed percent-encoding: fall through to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"([^"]*)"/i.exec(header);
  if (quoted?.[1]) return quoted[1];
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (bare?.[1]) return bare[1];
  return undefined;
}

/** Reads one string field of an error reply that may or may not be an envelope. */
function envelopeField(text: string, field: 'errorCode' | 'errorMsg'): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string' || typeof value === 'number') return String(value);
    }
  } catch {
    // Not JSON: nothing to read.
  }
  return undefined;
}
