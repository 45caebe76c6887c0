/** The one reply shape of every JSON call, success or failure. */
export interface Envelope<T = unknown> {
  errorCode: string;
  errorMsg: string;
  data: T;
}

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { errorCode: '0', errorMsg: msg, data };
}

export function fail(code: string | number, msg: string): Envelope<null> {
  return { errorCode: String(code), errorMsg: msg, data: null };
}
