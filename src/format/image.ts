/**
 * Image paths (spec §9): paths that start with http, ../ or data: are used as they are; others get the
 * image base URL in front (with exactly one slash between the two; an empty base gives a root-relative
 * path, so the apps under /admin/ and /report/ load uploads from the site root).
 */
export function imageUrl(path: string | null | undefined, base = ''): string {
  if (!path) return '';
  if (/^(http|\.\.\/|data:)/i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
