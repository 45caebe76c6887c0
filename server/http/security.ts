import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { STAT_SCRIPT_DOMAINS } from '../modules/system/siteSettings/statCode.js';
import { ELDER_BOOT_HASH } from '../shared/elderBoot.js';

/**
 * Browser security headers (docs/deploy.md "Security headers"). The two apps are Vite builds; their only
 * inline script (index.html's boot script) is allowed by its sha256 (appCspFor), never by 'unsafe-inline'.
 * MUI writes inline styles, hence style-src 'unsafe-inline'. Nobody may frame the apps.
 * The generated site (/site/) may load the statistics scripts the site settings allow and may be
 * framed by its own origin (the back office previews it). API answers are never cached.
 */
const common = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Installations without TLS (a laptop, the tests) must keep working; nginx adds HSTS with TLS.
  upgradeInsecureRequests: null,
};

const statHosts = STAT_SCRIPT_DOMAINS.flatMap((d) => [`https://${d}`, `https://*.${d}`]);

function policyText(directives: Record<string, string[] | null>): string {
  return Object.entries(directives)
    .filter((e): e is [string, string[]] => e[1] !== null)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${v.join(' ')}`)
    .join('; ');
}

export const APP_CSP = policyText(common);
// The statistics scripts report to their own hosts (51.la and CNZZ by XHR/beacon, Baidu by image); the
// site's one inline script (the 适老化 switch before first paint, shared/elderBoot.ts) by its hash.
export const SITE_CSP = policyText({ ...common, scriptSrc: ["'self'", ELDER_BOOT_HASH, ...statHosts], connectSrc: ["'self'", ...statHosts], frameAncestors: ["'self'"] });

/** The sha256 sources of every inline <script> (no src) of an HTML page, as the browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '') || !m[2]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The apps' policy for a page whose inline scripts hash to `hashes` (index.html, read at start-up). */
export function appCspFor(hashes: readonly string[]): string {
  return policyText({ ...common, scriptSrc: [...common.scriptSrc, ...hashes] });
}

const HELMET: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: common },
  // Article images and files under /uploads are shown by the public site, which may live on another origin.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  // The back office opens generated pages and previews in new tabs.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Sent per request by installSecurityHeaders: only an answer that went out over HTTPS may carry it.
  strictTransportSecurity: false,
  // One framing policy, stated twice for old browsers: nobody frames the apps, the API or the uploads
  // (CSP frame-ancestors 'none'); the site says SAMEORIGIN beside its frame-ancestors 'self' (siteFraming).
  xFrameOptions: { action: 'deny' },
};

/**
 * Browser features no page of the portal uses, switched off for every page and anything they embed (a
 * defaced page or an injected statistics script cannot ask for the camera or the position). Fullscreen
 * stays for the site's own video and audio players.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()', 'autoplay=(self)', 'camera=()', 'display-capture=()', 'fullscreen=(self)', 'geolocation=()', 'gyroscope=()',
  'magnetometer=()', 'microphone=()', 'midi=()', 'payment=()', 'publickey-credentials-get=()', 'screen-wake-lock=()', 'usb=()',
  'serial=()', 'hid=()', 'xr-spatial-tracking=()', 'browsing-topics=()',
].join(', ');

/** `Strict-Transport-Security` for `maxAgeSeconds` (0 = never sent). */
export function hstsValue(maxAgeSeconds: number): string | null {
  return maxAgeSeconds > 0 ? `max-age=${Math.floor(maxAgeSeconds)}` : null;
}

/**
 * HTTPS as the browser saw it: the socket is TLS, or a proxy listed in TRUST_PROXY says so in
 * X-Forwarded-Proto (Fastify believes the header only from those proxies; anyone else's is ignored).
 */
const overHttps = (request: FastifyRequest) => request.protocol === 'https';

/**
 * The headers helmet sets for `options`, worked out once on a response that is never sent. The headers do
 * not depend on the request, and @fastify/helmet rebuilt helmet's middleware (parsing the policy again) on
 * every request: 30–40 µs of each answer.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, () => {});
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([k, v]) => [k, String(v)]));
}

export async function installSecurityHeaders(app: FastifyInstance, hstsMaxAgeSeconds: number): Promise<void> {
  const headers = { ...helmetHeaders(HELMET), 'permissions-policy': PERMISSIONS_POLICY };
  const hsts = hstsValue(hstsMaxAgeSeconds);
  // Callback hooks, not async ones: an async hook costs every request a promise and a microtask turn (session 31).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (hsts && overHttps(request)) reply.header('Strict-Transport-Security', hsts);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/site/')) reply.header('Content-Security-Policy', SITE_CSP).header('X-Frame-Options', 'SAMEORIGIN');
    const type = String(reply.getHeader('Content-Type') ?? '');
    if (type.startsWith('application/json') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
