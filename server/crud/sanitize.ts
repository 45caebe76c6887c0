import sanitizeHtml from 'sanitize-html';
import { plainText } from '../shared/text.js';

/** Allow-list for rich text: formatting, headings, lists, tables, safe links and images. Nothing runs. */
const RICH_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'sub', 'sup', 'mark', 'small',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
    'a', 'img', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    col: ['span', 'width'],
    p: ['align'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside <script>/<style> is dropped with the tag, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript'],
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_OPTIONS);
}

/**
 * Plain text fields lose any markup but keep characters like `&` and `<` as typed (sanitize-html would
 * turn them into entities, which then show literally in the client).
 */
export const stripHtml = (text: string): string => plainText(text, 'input');
