import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built front end when it exists. The two apps are client-routed, so their paths answer
 * index.html; anything that looks like a file must exist, else the JSON 404 envelope.
 */
export async function serveStatic(app: FastifyInstance, root: string): Promise<void> {
  if (!fs.existsSync(path.join(root, 'index.html'))) return;
  await app.register(fastifyStatic, { root, prefix: '/', wildcard: true, index: false, decorateReply: true, serveDotFiles: false });

  const spa = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const last = url.split('/').pop() ?? '';
    if (last.includes('.')) {
      // A file path: serve it when it exists (send confines it to root), else the 404 envelope.
      return reply.sendFile(decodeURIComponent(url.replace(/^\/+/, '')));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  };
  for (const url of ['/', '/admin', '/admin/*', '/report', '/report/*']) {
    app.get(url, { config: { public: true } }, spa);
  }
}
