/**
 * A failure the client is meant to see. Business failures keep HTTP 200 (docs/api-conventions.md):
 * the client shows errorMsg as a toast; 401–499 would log it out.
 */
export class PortalError extends Error {
  constructor(
    readonly code: string | number,
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
    this.name = 'PortalError';
  }
}

export const notFoundRecord = () => new PortalError(1003, '记录不存在或已被删除');
export const missingParam = (name: string) => new PortalError(1001, `缺少必填参数：${name}`);
export const invalidValue = (msg: string) => new PortalError(1002, msg);
/** 1004: a value another record (or row) already holds. */
export const alreadyExists = (label: string, value: unknown) => new PortalError(1004, `${label}已存在：${String(value)}`);
/** 1005: a value that may not change once saved. */
export const notChangeable = (label: string) => new PortalError(1005, `${label}保存后不能修改`);
export const unauthorized = () => new PortalError(401, '登录已失效，请重新登录', 401);
export const forbidden = () => new PortalError(403, '没有访问权限', 403);
export const badRequest = () => new PortalError(400, '请求格式错误', 400);
