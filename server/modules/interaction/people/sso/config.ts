/**
 * Unified identity settings (docs/identity.md), read from the environment at each use, so a deployer's
 * change needs only a restart and the tests can start a provider first:
 * - OpenID Connect: `OIDC_DISCOVERY_URL` (the issuer, or its `/.well-known/openid-configuration`),
 *   `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`, `OIDC_REDIRECT_URL` (the site's `sso.html`), optional
 *   `OIDC_SCOPE` (default `openid profile phone`);
 * - CAS 3.0: `CAS_URL` (the server's base, e.g. `https://cas.example.gov.cn/cas`) and `CAS_SERVICE_URL`
 *   (the site's `sso.html`, registered as the service);
 * - `SSO_LABEL`: the button's text (default 统一身份认证登录).
 * Plain http is accepted only for a provider on this machine (loopback) or with `SSO_ALLOW_HTTP=on`.
 */
export interface OidcSettings {
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  scope: string;
}

export interface CasSettings {
  casUrl: string;
  serviceUrl: string;
}

export interface SsoSettings {
  oidc: OidcSettings | null;
  cas: CasSettings | null;
  label: string;
  allowHttp: (url: URL) => boolean;
}

const clean = (v: string | undefined) => (v ?? '').trim();
const isUrl = (v: string) => /^https?:\/\/[^\s]+$/i.test(v);

export function ssoSettings(env: NodeJS.ProcessEnv = process.env): SsoSettings {
  const discoveryUrl = clean(env.OIDC_DISCOVERY_URL);
  const clientId = clean(env.OIDC_CLIENT_ID);
  const redirectUrl = clean(env.OIDC_REDIRECT_URL);
  const oidc = isUrl(discoveryUrl) && clientId && isUrl(redirectUrl)
    ? { discoveryUrl, clientId, clientSecret: env.OIDC_CLIENT_SECRET ?? '', redirectUrl, scope: clean(env.OIDC_SCOPE) || 'openid profile phone' }
    : null;
  const casUrl = clean(env.CAS_URL).replace(/\/+$/, '');
  const serviceUrl = clean(env.CAS_SERVICE_URL);
  const cas = isUrl(casUrl) && isUrl(serviceUrl) ? { casUrl, serviceUrl } : null;
  const anyHttp = clean(env.SSO_ALLOW_HTTP) === 'on';
  return {
    oidc,
    cas,
    label: clean(env.SSO_LABEL) || '统一身份认证登录',
    allowHttp: (url) => anyHttp || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname),
  };
}
