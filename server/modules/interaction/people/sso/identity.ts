import { PortalError } from '../../../../http/errors.js';

/** A person as the identity platform vouches for them (docs/identity.md "Mapping to a member"). */
export interface VerifiedIdentity {
  /** `oidc:<issuer>` or `cas:<server>`: subjects are unique per provider only. */
  provider: string;
  subject: string;
  name: string | null;
  phone: string | null;
  idNumber: string | null;
}

/**
 * The unified identity adapter: OpenID Connect and CAS behind one interface. `start` answers where to
 * send the browser (and what to remember for the way back); `verify` checks what came back and answers
 * the identity, or refuses with a Chinese message (a SsoRefusal).
 */
export interface IdentityAdapter {
  readonly kind: 'oidc' | 'cas';
  start(): Promise<StartedSignIn>;
  /** `params`: the query the platform sent back to the site (code, state, iss / ticket). */
  verify(params: Record<string, string>, pending: StartedSignIn | null): Promise<VerifiedIdentity>;
}

export interface StartedSignIn {
  url: string;
  state?: string;
  nonce?: string;
  codeVerifier?: string;
}

/** A refused sign-in: code 2006 and a message for the citizen; nothing is stored. */
export const ssoRefused = (message: string) => new PortalError(2006, message);

export const NOT_CONFIGURED = () => new PortalError(2004, '统一身份认证未配置，请使用手机号登录');

/** Claims as strings: a trimmed text or null. */
export function claimText(v: unknown, max = 200): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const s = String(v).trim();
  return s ? s.slice(0, max) : null;
}

/** A mainland mobile number out of `+86 138…`, `86-138…`; anything else is dropped. */
export function mobileOf(v: unknown): string | null {
  const digits = claimText(v)?.replace(/[\s-]/g, '').replace(/^\+?86/, '') ?? '';
  return /^1[3-9]\d{9}$/.test(digits) ? digits : null;
}

export function idNumberOf(v: unknown): string | null {
  const s = claimText(v)?.toUpperCase() ?? '';
  return /^\d{17}[\dX]$/.test(s) ? s : null;
}
