import { createHash, randomBytes } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** `Authorization: <token>` as the original client sends it, or `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const t = header.trim().replace(/^Bearer\s+/i, '');
  return t.length > 0 && t.length <= 200 ? t : null;
}

export type AppKey = 'adminSite' | 'reportSite';

/**
 * The calling app (spec §2): `reportSite` is the reporting app; every other value, or none, is the admin
 * app. Sessions, menus and logs carry this normalised key, so `admin` and `adminSite` are one app.
 */
export function appKeyOf(header: string | string[] | undefined): AppKey {
  const v = Array.isArray(header) ? header[0] : header;
  return v?.trim() === 'reportSite' ? 'reportSite' : 'adminSite';
}
