import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny site on 127.0.0.1 for the monitoring tests; counts the requests it answers. */
export interface LocalSite {
  url: string;
  port: number;
  hits: () => number;
  close: () => Promise<void>;
}

export async function startLocalSite(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<LocalSite> {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits += 1;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (a server opened and closed again). */
export async function closedPort(): Promise<number> {
  const site = await startLocalSite((_req, res) => res.end());
  await site.close();
  return site.port;
}

export const html = (res: http.ServerResponse, body: string, status = 200) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><body>${body}</body></html>`);
};
