import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appCspFor, inlineScriptHashes } from './security.js';

/** Hashed build files (assets/name-<hash>.ext) never change: cached for a year; everything else revalidates. */
export function cacheControlOf(file: string): string {
  const rel = file.replace(/\\/g, '/');
  return /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built front end when it exists. The two apps are client-routed, so their paths answer
 * index.html; anything that looks like a file must exist, else the JSON 404 envelope.
 */
export async function serveStatic(app: FastifyInstance, root: string): Promise<void> {
  if (!fs.existsSync(path.join(root, 'index.html'))) return;
  // index.html's inline boot script runs under its own hash, computed from the file served (docs/performance.md).
  const indexCsp = appCspFor(inlineScriptHashes(fs.readFileSync(path.join(root, 'index.html'), 'utf8')));
  const spa = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const last = url.split('/').pop() ?? '';
    if (last.includes('.')) {
      // A file path: serve it when it exists, else the 404 envelope. No '..' ever reaches the disk.
      let rel: string;
      try {
        rel = decodeURIComponent(url).replace(/^\/+/, '');
      } catch {
        return reply.callNotFound();
      }
      if (rel.includes('\0') || rel.split(/[\\/]/).includes('..')) return reply.callNotFound();
      if (!fs.existsSync(path.join(root, rel))) return reply.callNotFound();
      return reply.sendFile(rel);
    }
    return reply.header('Cache-Control', 'no-cache').header('Content-Security-Policy', indexCsp).sendFile('index.html');
  };

  await app.register(async (site) => {
    // Everything in this plugin (including @fastify/static's own routes) is public.
    site.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    // /index.html asked by name gets the same policy as the apps' paths (harmless on the other files).
    site.addHook('onSend', async (request, reply, payload) => {
      if (/^\/index\.html(\?|$)/.test(request.url)) reply.header('Content-Security-Policy', indexCsp);
      return payload;
    });
    await site.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      index: false,
      decorateReply: true,
      serveDotFiles: false,
      // The build writes .br and .gz beside each text file (vite.config.ts): sent as the client accepts.
      preCompressed: true,
      // Cache-Control is ours (cacheControlOf), not send's max-age=0.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', cacheControlOf(file));
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    for (const url of ['/', '/admin', '/admin/*', '/report', '/report/*']) site.get(url, spa);
  });
}

