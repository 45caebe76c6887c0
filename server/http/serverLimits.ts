import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import type { PortalConfig } from '../config.js';
import { ConnectionCap } from './connectionCap.js';
import { onRequestEnd } from '../shared/requestEnd.js';

/**
 * The HTTP server with the timeouts of docs/deploy.md "Timeouts and limits": headers, whole request,
 * keep-alive, and a bound on open connections per client address that never cuts off an office behind
 * one address (connectionCap.ts; a proxy we trust is exempt: nginx bounds clients with `limit_conn`).
 */
export function serverFactory(config: PortalConfig): FastifyServerFactory {
  return (handler) => {
    const cap = new ConnectionCap(config.maxConnectionsPerIp, config.trustProxy);
    const server = http.createServer(
      {
        requestTimeout: config.requestTimeoutMs,
        headersTimeout: config.headersTimeoutMs,
        keepAliveTimeout: config.keepAliveTimeoutMs,
        // How often Node checks the two timeouts above (default 30 s would let a slow request live 30 s longer).
        connectionsCheckingInterval: 1_000,
        maxHeaderSize: 16 * 1024,
      },
      (req, res) => {
        if (cap.admit(req, res)) handler(req, res);
      },
    );
    server.maxRequestsPerSocket = 1000;
    // A socket with no traffic at all for the request timeout is closed as well.
    server.setTimeout(config.requestTimeoutMs);
    server.on('connection', (socket: Socket) => cap.connected(socket));
    connectionCaps.set(server, cap);
    return server;
  };
}

/** The cap of each server (tests and the bench read its counts). */
export const connectionCaps = new WeakMap<http.Server, ConnectionCap>();

/**
 * A body other than an upload must be fully received within `bodyTimeoutMs` of the request's start;
 * a client that sends it byte by byte loses its connection (an upload has the whole request timeout).
 */
export function installBodyTimeout(app: FastifyInstance, bodyTimeoutMs: number): void {
  // Callback hooks: no promise and microtask per request (session 31).
  app.addHook('onRequest', (request, _reply, done) => {
    const headers = request.headers;
    const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
    if (hasBody && !String(headers['content-type'] ?? '').startsWith('multipart/')) {
      const timer = setTimeout(() => {
        request.log.warn({ url: request.routeOptions.url }, 'request body too slow: connection closed');
        request.raw.socket?.destroy();
      }, bodyTimeoutMs);
      timer.unref();
      request.bodyTimer = timer;
    }
    done();
  });
  const clear = (request: { bodyTimer?: NodeJS.Timeout }) => {
    if (request.bodyTimer) clearTimeout(request.bodyTimer);
    request.bodyTimer = undefined;
  };
  // The body is read (or refused) by preValidation; onResponse/onRequestAbort cover refusals before it.
  app.addHook('preValidation', (request, _reply, done) => {
    clear(request);
    done();
  });
  onRequestEnd(app, clear);
}

declare module 'fastify' {
  interface FastifyRequest {
    bodyTimer?: NodeJS.Timeout;
  }
}
