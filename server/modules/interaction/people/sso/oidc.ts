import * as client from 'openid-client';
import type { OidcSettings, SsoSettings } from './config.js';
import { claimText, idNumberOf, mobileOf, ssoRefused, type IdentityAdapter, type StartedSignIn, type VerifiedIdentity } from './identity.js';

/** Discovery answers, kept per configuration for ten minutes (keys rotate; a restart is not needed). */
const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

function configurationOf(s: OidcSettings, settings: SsoSettings): Promise<client.Configuration> {
  const key = `${s.discoveryUrl}\n${s.clientId}\n${s.clientSecret}`;
  const have = discovered.get(key);
  if (have && Date.now() - have.at < 600_000) return have.config;
  const url = new URL(s.discoveryUrl);
  const insecure = url.protocol === 'http:' && settings.allowHttp(url);
  const config = client
    .discovery(url, s.clientId, s.clientSecret ? { client_secret: s.clientSecret } : undefined, s.clientSecret ? client.ClientSecretBasic(s.clientSecret) : client.None(), {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: 10,
    })
    .catch((error: unknown) => {
      discovered.delete(key);
      throw error;
    });
  discovered.set(key, { at: Date.now(), config });
  return config;
}

/** What went wrong, in words for the citizen (docs/identity.md "Refusals"). */
export function oidcRefusal(error: unknown): Error {
  if (error instanceof client.ResponseBodyError) {
    if (error.error === 'invalid_client' || error.error === 'unauthorized_client') return ssoRefused('统一身份认证平台不认可本站的客户端（client_id 或密钥有误），请联系网站管理员');
    if (error.error === 'invalid_grant') return ssoRefused('授权码无效、已使用或已过期，请重新登录');
    return ssoRefused(`统一身份认证平台拒绝了登录请求（${error.error}），请重新登录`);
  }
  if (error instanceof client.WWWAuthenticateChallengeError) {
    // 401 with a challenge: the token endpoint did not accept the client's credentials.
    const code = error.cause.map((c) => c.parameters.error).find(Boolean);
    if (error.status === 401 || code === 'invalid_client') return ssoRefused('统一身份认证平台不认可本站的客户端（client_id 或密钥有误），请联系网站管理员');
    return ssoRefused(`统一身份认证平台拒绝了登录请求（${code ?? error.status}），请重新登录`);
  }
  if (error instanceof client.AuthorizationResponseError) {
    if (error.error === 'access_denied') return ssoRefused('您已取消统一身份认证登录');
    return ssoRefused(`统一身份认证平台拒绝了登录请求（${error.error}），请重新登录`);
  }
  const e = error as { code?: string; message?: string; cause?: { claim?: string } };
  const message = e.message ?? '';
  if (e.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' || /exp.*(past|expired)|expiration/i.test(message)) return ssoRefused('身份令牌已过期，请重新登录');
  if (/nonce/i.test(message)) return ssoRefused('身份令牌与本次登录请求不符，请重新登录');
  if (/state/i.test(message)) return ssoRefused('登录请求无效或已过期，请重新点击“统一身份认证登录”');
  if (e.code === 'OAUTH_JWS_SIGNATURE_VERIFICATION_FAILED' || /signature|issuer|"iss"|audience|"aud"/i.test(message)) return ssoRefused('身份令牌校验失败，请重新登录');
  if (/fetch failed|ECONNREFUSED|timed? ?out|network|ENOTFOUND/i.test(`${message} ${String((error as { cause?: unknown }).cause ?? '')}`)) return ssoRefused('统一身份认证平台暂时无法访问，请稍后再试');
  return ssoRefused('统一身份认证失败，请重新登录');
}

/** OpenID Connect authorization code flow with PKCE, state and nonce (openid-client, an OpenID-certified RP). */
export function oidcAdapter(s: OidcSettings, settings: SsoSettings): IdentityAdapter {
  const issuerKey = () => configurationOf(s, settings).then((c) => c.serverMetadata().issuer);
  return {
    kind: 'oidc',
    async start(): Promise<StartedSignIn> {
      const config = await configurationOf(s, settings).catch((e: unknown) => {
        throw oidcRefusal(e);
      });
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: s.redirectUrl,
        scope: s.scope,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, state, nonce, codeVerifier };
    },
    async verify(params, pending): Promise<VerifiedIdentity> {
      if (!pending?.state || !pending.nonce || !pending.codeVerifier) throw ssoRefused('登录请求无效或已过期，请重新点击“统一身份认证登录”');
      try {
        const config = await configurationOf(s, settings);
        const back = new URL(s.redirectUrl);
        for (const k of ['code', 'state', 'iss', 'session_state', 'error', 'error_description']) if (params[k]) back.searchParams.set(k, params[k]);
        const tokens = await client.authorizationCodeGrant(config, back, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims?.sub) throw ssoRefused('身份令牌校验失败，请重新登录');
        // The UserInfo endpoint adds what the ID token may leave out (name, phone).
        let info: Record<string, unknown> = {};
        if (tokens.access_token) info = (await client.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => ({}))) as Record<string, unknown>;
        const all = { ...info, ...claims } as Record<string, unknown>;
        return {
          provider: `oidc:${await issuerKey()}`,
          subject: String(claims.sub),
          name: claimText(all.name ?? all.nickname, 50),
          phone: mobileOf(all.phone_number ?? all.phone),
          idNumber: idNumberOf(all.id_number ?? all.idNumber ?? all.id_card),
        };
      } catch (error) {
        if ((error as { code?: unknown }).code === 2006) throw error;
        throw oidcRefusal(error);
      }
    },
  };
}
