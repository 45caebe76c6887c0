import type { ApiCall } from '../resources/types';
/**
 * Public types of the providers layer. The front end (src/) codes against these; the implementation
 * lives beside them (http.ts, dataProvider.ts, authProvider.ts, excel.ts, session.ts, notices.ts).
 */

/** The portal's reply envelope (spec part 1 §7). */
export interface Envelope<T = unknown> {
  errorCode: string;
  errorMsg: string;
  data: T;
}

/** The page shape every list call answers. */
export interface Page<T = Record<string, unknown>> {
  list: T[];
  currPage: number;
  totalRow: number;
  totalPage: number;
}

export type AppKey = 'adminSite' | 'reportSite';

/** Something the UI must show. The providers emit these; src/ renders them. */
export type PortalNotice =
  /** Toast at the top: errorMsg of a failed call (error, 8 s), warnings (8 s), successes (3 s). */
  | { kind: 'toast'; level: 'error' | 'warning' | 'success' | 'info'; message: string; duration: number }
  /** Notification panel at the bottom right: HTTP 5xx (title = status, body 服务端异常, 4 s) or other statuses (title 错误). */
  | { kind: 'panel'; title: string; body: string; duration: number };

/** One HTTP call of the portal contract. */
export interface PortalRequest {
  path: string;
  method?: 'GET' | 'POST';
  /** Query-string values; undefined and null are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
  /** JSON body (or FormData for uploads). */
  body?: unknown;
  /** Names that must be present (in query, or as keys of body) before the call is sent. `'body'` means the body itself. */
  required?: readonly string[];
  /** `blob` for Excel and other file downloads. */
  responseType?: 'json' | 'blob';
  /** Extra headers (e.g. fileUrl on uploads). */
  headers?: Record<string, string>;
  /** File name for a `blob` reply whose Content-Disposition names none. */
  fallbackFileName?: string;
  /** No notices and no redirect on failure (still rejects); for calls whose failure does not matter, e.g. logout. */
  silent?: boolean;
  /** Sent as `Idempotency-Key`: the server runs the call once per key (providers/idempotency.ts). */
  idempotencyKey?: string;
}

export interface BlobReply {
  blob: Blob;
  fileName: string;
}

export interface HttpClient {
  /** Resolves with the envelope's `data` (or a BlobReply for `blob`); rejects with a PortalError. */
  request<T = unknown>(req: PortalRequest): Promise<T>;
  readonly apiUrl: string;
}

export interface HttpClientOptions {
  /** Base URL of the API; '' means the page's own origin. */
  apiUrl: string;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Called on 401–499 after the token is cleared; defaults to a full-page move to the current app's login. */
  onUnauthorized?: (loginUrl: string) => void;
}

/** Menu tree node as /menu/list answers it. */
export interface MenuNode {
  id: number | string;
  parentId: number | string;
  name: string;
  alias: string;
  icon?: string | null;
  type: 'Catalogue' | 'Menu' | 'Button';
  url?: string | null;
  sort?: number;
  children?: MenuNode[];
}

export interface UserIdentity {
  userId: number | string;
  username: string;
  name: string;
  deptId?: number | string | null;
  deptName?: string | null;
  roleNames?: string[];
  appKey?: AppKey;
}

export interface LoginParams {
  username: string;
  password: string;
  verifyCode: string;
  codeId: string;
}

/** Body, query and path values of a declaration's `api.extra` call. */
export interface ExtraCallParams {
  query?: PortalRequest['query'];
  body?: unknown;
  /** Values for `{name}` placeholders of the declared path (e.g. `/ding/user/{id}`), URL-encoded. */
  path?: Readonly<Record<string, string | number>>;
  /** Query or body fields that must be present (the call is refused before sending, as for CRUD calls). */
  required?: PortalRequest['required'];
  /** No notices and no redirect on failure. */
  silent?: boolean;
  /** The form's key for a create or submit call; one is made for a create path without it. */
  idempotencyKey?: string;
}

/**
 * react-admin's DataProvider plus the portal's own calls. Declared structurally (not with react-admin's
 * type) so this file stays free of UI imports; dataProvider.ts checks it against react-admin's type.
 */
export interface PortalDataProviderExtras {
  /** Runs `api.extra[extraName]` of the resource's declaration; resolves with the envelope's data. */
  callExtra<T = unknown>(resource: string, extraName: string, params?: ExtraCallParams): Promise<T>;
  /**
   * Runs the declared action `actionName` of the resource: a row action with `id`, a bulk one with `ids`,
   * plus any `body` values; resolves with the envelope's data.
   */
  runAction<T = unknown>(resource: string, actionName: string, params?: { id?: number | string; ids?: readonly (number | string)[]; body?: Record<string, unknown>; at?: string }): Promise<T>;
  /** Downloads an Excel export (POST `path` with `body`) and resolves with the file name used. */
  exportExcel(path: string, body: unknown, fallbackName: string): Promise<string>;
  /**
   * Runs a declared call that belongs to no entity (statistics, generation, templates: the call sets of
   * `resources/calls/`); resolves with the envelope's data.
   */
  call<T = unknown>(call: ApiCall, params?: ExtraCallParams): Promise<T>;
  /** Downloads the file `api.extra[extraName]` answers (POST with `params.body`); resolves with the file name used. */
  downloadExtra(resource: string, extraName: string, params: ExtraCallParams, fallbackName: string): Promise<string>;
}
