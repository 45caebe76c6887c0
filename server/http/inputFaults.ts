import { PortalError } from './errors.js';

/**
 * The last line of "bad input is never a 500" (docs/deploy.md): database and file-system refusals that
 * can only come from what the client sent become clear 100x answers. The write they stopped was in a
 * transaction (or a single statement), so nothing half-written stays. Anything else stays a 500.
 */
interface FaultLike {
  code?: unknown;
  message?: unknown;
  column?: unknown;
}

const columnOf = (error: FaultLike): string => {
  if (typeof error.column === 'string') return error.column;
  const m = /NOT NULL constraint failed: [\w"]+\.([\w"]+)/.exec(String(error.message ?? ''));
  return m?.[1]?.replace(/"/g, '') ?? '';
};

/**
 * A multipart body that is not one (no boundary, truncated, malformed part headers: busboy's errors carry
 * no code) or breaks the plugin's limits; every route registering @fastify/multipart gets these answers.
 */
function multipartFault(code: string, message: string): PortalError | null {
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PortalError(1002, '上传的文件过大');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new PortalError(1002, '上传的文件或字段过多');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA') return new PortalError(1001, '缺少必填参数：file');
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE') return new PortalError(1002, '上传内容格式不正确');
  // The body ended inside a part (a truncated upload): the request stream closed before the part did.
  if (code === 'ERR_STREAM_PREMATURE_CLOSE') return new PortalError(1002, '上传内容不完整');
  if (/^Multipart: |Unexpected end of (form|multipart data)|Malformed (part|urlencoded) header|Malformed content type/i.test(message)) return new PortalError(1002, '上传内容格式不正确');
  return null;
}

/** A stack overflow while walking a request's value (the JSON parser refuses deep bodies; this is the net under it). */
function depthFault(error: object, message: string): PortalError | null {
  if (error instanceof RangeError && /Maximum call stack size exceeded/.test(message)) return new PortalError(1002, '请求内容嵌套层级过深');
  return null;
}

export function inputFault(error: unknown): PortalError | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as FaultLike;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = String(e.message ?? '');
  // Required column left empty (SQLite / PostgreSQL 23502).
  if (code === 'SQLITE_CONSTRAINT_NOTNULL' || code === '23502') {
    const column = columnOf(e);
    return new PortalError(1001, column ? `缺少必填参数：${column}` : '缺少必填参数');
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505') return new PortalError(1004, '记录已存在');
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') return new PortalError(1002, '关联的记录不存在');
  // A value of the wrong type or out of range for its column (SQLite datatype mismatch, PostgreSQL 22xxx).
  if (code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG' || code === 'SQLITE_RANGE' || /^22\w{3}$/.test(code)) return new PortalError(1002, '参数格式不正确');
  if (code === 'SQLITE_ERROR' && /LIKE or GLOB pattern too complex|string or blob too big/i.test(message)) return new PortalError(1002, '查询条件过长');
  if (code === '54000' || code === '54001') return new PortalError(1002, '查询条件过长');
  // A file name that collides with an existing file or folder (template uploads).
  if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR') return new PortalError(1002, '文件名与已有的文件或目录冲突');
  if (code === 'ENAMETOOLONG') return new PortalError(1002, '文件名过长');
  return multipartFault(code, message) ?? depthFault(error, message);
}
