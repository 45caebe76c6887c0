import { apiUrl } from '../../portal';

/** A page of the generated public site, served beside the API (a page address, not a call). */
export const siteLink = (rel: string) => `${apiUrl}/site/${rel}`;

/**
 * The preview's links are relative to the site root; in an iframe's srcdoc they would resolve against
 * this app's address (/admin/), leaving the page unstyled. A <base> points them at the site at /site/.
 */
export function withSiteBase(html: string): string {
  const base = `<base href="${new URL('/site/', window.location.origin).href}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}
