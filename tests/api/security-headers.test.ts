import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer.js';

/**
 * Issue 22: HSTS only on answers that went out over HTTPS (a trusted proxy's X-Forwarded-Proto), with its
 * max-age from the settings and an off switch; a Permissions-Policy everywhere; one framing policy
 * (X-Frame-Options agrees with CSP frame-ancestors on the apps, the API and the site).
 */
let proxied: TestServer;
let plain: TestServer;
let off: TestServer;

beforeAll(async () => {
  proxied = await startTestServer({ trustProxy: ['127.0.0.1'], hstsMaxAgeSeconds: 86_400 });
  plain = await startTestServer({ trustProxy: [] });
  off = await startTestServer({ trustProxy: ['127.0.0.1'], hstsMaxAgeSeconds: 0 });
}, 240_000);
afterAll(async () => {
  await proxied?.close();
  await plain?.close();
  await off?.close();
});

const get = (server: TestServer, path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.url), { headers });

describe('Strict-Transport-Security', () => {
  it('is sent when a trusted proxy says the request came over HTTPS, with the configured max-age', async () => {
    const r = await get(proxied, '/healthz', { 'X-Forwarded-Proto': 'https' });
    expect(r.headers.get('strict-transport-security')).toBe('max-age=86400');
    const site = await get(proxied, '/site/index.html', { 'X-Forwarded-Proto': 'https' });
    expect(site.headers.get('strict-transport-security')).toBe('max-age=86400');
  });

  it('is not sent over plain HTTP, nor when an untrusted client claims HTTPS, nor when switched off', async () => {
    expect((await get(proxied, '/healthz')).headers.get('strict-transport-security')).toBeNull();
    expect((await get(proxied, '/healthz', { 'X-Forwarded-Proto': 'http' })).headers.get('strict-transport-security')).toBeNull();
    expect((await get(plain, '/healthz', { 'X-Forwarded-Proto': 'https' })).headers.get('strict-transport-security')).toBeNull();
    expect((await get(off, '/healthz', { 'X-Forwarded-Proto': 'https' })).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('Permissions-Policy and framing', () => {
  it('every answer switches off camera, microphone and position', async () => {
    for (const path of ['/healthz', '/user/info', '/site/index.html', '/admin/']) {
      const policy = (await get(plain, path)).headers.get('permissions-policy') ?? '';
      expect(policy).toContain('camera=()');
      expect(policy).toContain('microphone=()');
      expect(policy).toContain('geolocation=()');
    }
  });

  it('the apps and the API: frame-ancestors none and X-Frame-Options DENY; the site: self and SAMEORIGIN', async () => {
    for (const path of ['/user/info', '/admin/', '/healthz']) {
      const r = await get(plain, path);
      expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(r.headers.get('x-frame-options')).toBe('DENY');
    }
    const site = await get(plain, '/site/index.html');
    expect(site.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(site.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
