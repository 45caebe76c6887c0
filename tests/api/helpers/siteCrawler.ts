import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

/** A tiny static web server for a generated site: `prefix` (`/` or `/portal/`) maps to `dir`. */
export async function serveFolder(dir: string, prefix: string): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.png': 'image/png', '.jpg': 'image/jpeg', '.svg': 'image/svg+xml', '.gif': 'image/gif' };
  const server = http.createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (!pathname.startsWith(prefix) || pathname.includes('..')) return res.writeHead(404).end();
      let file = path.join(dir, pathname.slice(prefix.length));
      const st = await fs.stat(file).catch(() => null);
      if (st?.isDirectory()) file = path.join(file, 'index.html');
      const body = await fs.readFile(file).catch(() => null);
      if (!body) return res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const ATTR = /\s(?:href|src)\s*=\s*"([^"]*)"/gi;

/**
 * Follows every link, image, stylesheet and script of the same origin from `start` (queries and anchors
 * dropped: the pages are static files) and answers the ones that do not answer 200, with the page they are on;
 * `onPage` sees every HTML page fetched.
 */
export async function crawl(start: string, limit = 3000, onPage?: (url: string, html: string) => void): Promise<{ visited: number; broken: string[] }> {
  const origin = new URL(start).origin;
  const seen = new Set<string>();
  const queue: [string, string][] = [[start, '(start)']];
  const broken: string[] = [];
  while (queue.length && seen.size < limit) {
    const [target, from] = queue.shift() as [string, string];
    if (seen.has(target)) continue;
    seen.add(target);
    const res = await fetch(target);
    if (res.status !== 200) {
      broken.push(`${target.slice(origin.length)} (${res.status}) on ${from.slice(origin.length)}`);
      continue;
    }
    if (!(res.headers.get('content-type') ?? '').includes('text/html')) {
      await res.arrayBuffer();
      continue;
    }
    const html = await res.text();
    onPage?.(target, html);
    for (const m of html.matchAll(ATTR)) {
      const raw = (m[1] ?? '').replace(/&amp;/g, '&');
      if (!raw || /^(data:|mailto:|tel:|javascript:|#)/i.test(raw)) continue;
      const next = new URL(raw, target);
      if (next.origin !== origin) continue;
      next.search = '';
      next.hash = '';
      if (!seen.has(next.href)) queue.push([next.href, target]);
    }
  }
  return { visited: seen.size, broken };
}
