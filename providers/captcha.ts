/** The login captcha: the client picks a codeId and shows the SVG the server draws for it. */

/** Image address for `<img src>`; a new codeId gives a new picture. */
export function captchaUrl(apiUrl: string, codeId: string): string {
  return `${apiUrl.replace(/\/+$/, '')}/user/captcha?codeId=${encodeURIComponent(codeId)}`;
}

/**
 * 32 hex characters (the server accepts 8–64 of [A-Za-z0-9_-]). getRandomValues rather than randomUUID:
 * randomUUID exists only in secure contexts, and an intranet deployment may well be plain http.
 */
export function newCodeId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
