/**
 * Where the public site lives (docs/generation.md "Hosting"), from the environment:
 * - `SITE_BASE_URL`: the site's base (`https://www.yunxi.gov.cn/` or `/portal/`); empty = every link
 *   relative to the page, so the same files work at /site/ and at any web root;
 * - `PUBLIC_API_URL`: the API server as the pages call it (`https://api.yunxi.gov.cn`); empty = the
 *   origin that serves the page;
 * - `PUBLIC_ORIGINS`: comma-separated origins (`https://www.yunxi.gov.cn`) whose pages may call the
 *   public calls across origins (CORS).
 */
export interface SiteConfig {
  siteBaseUrl: string;
  publicApiUrl: string;
  publicOrigins: string[];
}

const withSlash = (s: string) => (s.endsWith('/') ? s : `${s}/`);

/** A base URL: absolute http(s) or a path starting with '/'; anything else is ignored (relative links). */
export function readBaseUrl(raw: string | undefined): string {
  const s = (raw ?? '').trim();
  if (!s || /[\s"'<>\\]/.test(s)) return '';
  if (/^https?:\/\/[^/]+/i.test(s) || /^\/[^/]?/.test(s)) return withSlash(s);
  return '';
}

export function readOrigins(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter((s) => /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(s));
}

export function siteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const api = readBaseUrl(env.PUBLIC_API_URL);
  return {
    siteBaseUrl: readBaseUrl(env.SITE_BASE_URL),
    publicApiUrl: /^https?:/.test(api) ? api.replace(/\/$/, '') : '',
    publicOrigins: readOrigins(env.PUBLIC_ORIGINS),
  };
}
