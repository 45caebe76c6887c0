/**
 * The common article body — paragraphs and headings of text with a few inline tags and no attributes
 * (`<p>…<strong>…</strong>…</p>`) — recognised in one pass, so the full run does not hand each such body
 * to sanitize-html (issue 26: about a sixth of a page's cost). A body accepted here is returned exactly as
 * `sanitizeArticleHtml` returns it (tests/unit/server/plainBody.test.ts compares the two on generated and
 * near-miss bodies); anything else — an attribute, an entity, a quote, a tag off the list, a block inside
 * a block, unbalanced tags, control characters — answers null and goes through the sanitiser as before.
 */
const BLOCK = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const INLINE = new Set(['b', 'strong', 'i', 'em', 'u', 's', 'span', 'sub', 'sup', 'mark', 'small', 'code']);
// A tag without attributes, or a run of text with none of the characters sanitize-html rewrites or that
// could start markup (& < > " '), nor control characters.
// eslint-disable-next-line no-control-regex
const TOKEN = /<(\/?)([a-z][a-z0-9]{0,9})>|[^<>&"'\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]+/y;
const MAX_FAST = 500_000;

export function plainBodyOrNull(html: string): string | null {
  if (html.length > MAX_FAST) return null;
  const open: string[] = [];
  let at = 0;
  while (at < html.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(html);
    if (!m) return null;
    at = TOKEN.lastIndex;
    const name = m[2];
    if (name === undefined) continue;
    if (m[1]) {
      if (open.pop() !== name) return null;
      continue;
    }
    // Blocks only at the top: a block inside another is where the HTML parser closes tags on its own.
    if (BLOCK.has(name) ? open.length > 0 : !INLINE.has(name)) return null;
    open.push(name);
  }
  return open.length ? null : html.trim();
}
