/**
 * The one way the server turns markup into plain text. Two uses, two modes:
 * - `visible` (default): the text a reader sees of stored HTML — tags out, entities decoded, white space
 *   folded (search index, excerpts, sensitive-word context, "is this body empty?").
 * - `input`: a plain-text field a person typed — tags out, but `&`, `<` and line breaks kept as typed
 *   (decoding would turn a typed "&amp;" into "&", folding would lose the lines of a textarea).
 */
export type PlainTextMode = 'visible' | 'input';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ldquo: '“', rdquo: '”', middot: '·', mdash: '—', hellip: '…' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

export function plainText(html: unknown, mode: PlainTextMode = 'visible'): string {
  if (html === null || html === undefined) return '';
  const text = String(html);
  if (mode === 'input') {
    return text
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<\/?[a-zA-Z!][^>]*>/g, '')
      .trim();
  }
  return decodeEntities(
    text
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|td|th)>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
