import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

export type Fetched = { status: number; html: string | null } | { status: null; error: string };

/** Where the link checker reads a page from. */
export interface PageSource {
  fetch(url: URL, withBody: boolean): Promise<Fetched>;
}

const MAX_BODY = 2 * 1024 * 1024;

/** Pages over HTTP: GET with a time limit, up to 3 redirects followed, at most 2 MB of an HTML body read. */
export function httpSource(timeoutMs: number): PageSource {
  const get = (url: URL, withBody: boolean, hops: number): Promise<Fetched> =>
    new Promise((resolve) => {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        resolve({ status: null, error: '不支持的协议' });
        return;
      }
      const lib = url.protocol === 'https:' ? https : http;
      const req = lib.request(url, { method: 'GET', headers: { 'user-agent': 'PortalLinkChecker/1.0', accept: 'text/html,*/*' } });
      const timer = setTimeout(() => {
        req.destroy();
        resolve({ status: null, error: '超时' });
      }, timeoutMs);
      req.on('error', (e: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        resolve({ status: null, error: e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN' ? '无法解析域名' : `无法访问（${e.code ?? '网络错误'}）` });
      });
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (status >= 300 && status < 400 && location && hops < 3) {
          clearTimeout(timer);
          res.resume();
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            resolve({ status, html: null });
            return;
          }
          void get(next, withBody, hops + 1).then(resolve);
          return;
        }
        const isHtml = /text\/html/i.test(String(res.headers['content-type'] ?? ''));
        if (!withBody || !isHtml || status >= 400) {
          clearTimeout(timer);
          res.destroy();
          resolve({ status, html: null });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= MAX_BODY) chunks.push(c);
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status, html: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', () => {
          clearTimeout(timer);
          resolve({ status: null, error: '读取失败' });
        });
      });
      req.end();
    });
  return { fetch: (url, withBody) => get(url, withBody, 0) };
}

/**
 * Our generated site read from its folder (`${DATA_DIR}/site`): a URL of the site's origin maps to a
 * file (a folder to its index.html); a missing file is a 404. Paths never leave the folder.
 */
export function folderSource(root: string, origin: string, fallback: PageSource): PageSource {
  const base = path.resolve(root);
  return {
    async fetch(url, withBody) {
      if (url.origin !== origin) return fallback.fetch(url, withBody);
      let rel: string;
      try {
        rel = decodeURIComponent(url.pathname);
      } catch {
        return { status: 400, html: null };
      }
      let file = path.resolve(base, `.${rel}`);
      if (file !== base && !file.startsWith(base + path.sep)) return { status: 403, html: null };
      try {
        const st = await fs.stat(file);
        if (st.isDirectory()) file = path.join(file, 'index.html');
        const isHtml = /\.html?$/i.test(file);
        if (!withBody || !isHtml) {
          await fs.access(file);
          return { status: 200, html: null };
        }
        const text = await fs.readFile(file, 'utf8');
        return { status: 200, html: text.length > MAX_BODY ? text.slice(0, MAX_BODY) : text };
      } catch {
        return { status: 404, html: null };
      }
    },
  };
}
