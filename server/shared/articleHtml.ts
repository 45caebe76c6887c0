import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/**
 * sanitize-html (with htmlparser2 and postcss) loaded on the first body that needs it: a render worker whose
 * bodies all pass plainBodyOrNull never loads it — about a quarter of a worker's start (issue 26, session 31).
 */
let sanitizer: typeof sanitizeHtml | undefined;
const load = () => (sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml);

/**
 * Article bodies: the rich-text editor's output (headings, fonts, alignment, images, videos, tables,
 * links) on an allow-list. Never kept: <script>/<style>/<iframe>/<object>, any on…= attribute, any
 * javascript:/vbscript:/data: URL, any style property but the few the editor sets.
 */
const SAFE_FONT = /^[\w\s,'"\-\u4e00-\u9fa5]{1,120}$/;
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'sub', 'sup', 'mark', 'small',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
    'a', 'img', 'figure', 'figcaption', 'video', 'source',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height', 'poster', 'preload'],
    source: ['src', 'type'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    col: ['span', 'width'],
    '*': ['class', 'style', 'align'],
  },
  allowedStyles: {
    '*': {
      'font-family': [SAFE_FONT],
      'font-size': [/^\d{1,3}(\.\d+)?(px|pt|em|rem|%)$/, /^(small|medium|large|x-large|smaller|larger)$/],
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-fA-F]{3,8}$/, /^rgba?\([\d\s.,%]+\)$/],
      'background-color': [/^#[0-9a-fA-F]{3,8}$/, /^rgba?\([\d\s.,%]+\)$/],
      'text-indent': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
      'line-height': [/^\d{1,3}(\.\d+)?(px|em|%)?$/],
      width: [/^\d{1,4}(px|%)$/],
      height: [/^\d{1,4}px$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'], source: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    // Links that open a new window cannot reach back to the portal.
    a: (tagName, attribs) => (attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return load()(html, OPTIONS).trim();
}
