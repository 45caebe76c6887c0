import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { siteConfig } from './siteConfig.js';

/**
 * The generated site's 404 page for a person's browser (docs/generation.md "404 page"): a GET or HEAD
 * that asks for HTML and matched nothing — a missing page under /site/, or any path nginx passes on
 * to the server after its own files (docs/deploy.md `error_page 404 = @api`). API clients, which do
 * not ask for HTML, keep the JSON envelope. The page's links start at SITE_BASE_URL (default `/`);
 * served under /site/ with no base configured they are made to start at /site/ instead.
 */
/** The 404 page's root-relative links made to start at /site/ (the site served by this server, no base configured). */
export const linksUnderSite = (html: string): string => html.replace(/(\s(?:href|src|action)=")\/(?!\/)/g, '$1/site/');

export async function siteNotFoundPage(request: FastifyRequest, dataDir: string): Promise<string | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (!String(request.headers.accept ?? '').includes('text/html')) return null;
  let html: string;
  try {
    html = await fs.readFile(path.join(dataDir, 'site', '404.html'), 'utf8');
  } catch {
    return null;
  }
  const underSite = request.url === '/site' || request.url.startsWith('/site/');
  if (underSite && !siteConfig().siteBaseUrl) html = linksUnderSite(html);
  return html;
}
