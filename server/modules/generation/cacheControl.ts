/**
 * Caching of the generated site at /site/ (issue 24): a stylesheet or script asked for with its
 * fingerprint (`?v=…`, assetVersion.ts) never changes, so browsers keep it a year without asking; pages,
 * and assets without a fingerprint, are checked every time (ETag / Last-Modified answer 304).
 */
export function siteCacheControl(sent: string, url: string): string {
  const file = sent.replace(/\.(br|gz)$/, ''); // a pre-compressed copy stands for its file
  if (/\.(css|js)$/i.test(file) && /[?&]v=[0-9a-f]{6,}(&|$)/.test(url)) return 'public, max-age=31536000, immutable';
  if (/\.(svg|png|jpe?g|gif|webp|ico|woff2?)$/i.test(file)) return 'public, max-age=86400';
  return 'no-cache';
}
