/**
 * Root-relative upload links in an article body become page-relative (`../../../uploads/…`). On its own so
 * the render workers, which need only this of the page context, do not load the content modules behind
 * context.ts at each start.
 */
export function relinkUploads(html: string, root: string): string {
  return html.replace(/(\s(?:src|href|poster)\s*=\s*["'])\/uploads\//gi, `$1${root}uploads/`);
}
