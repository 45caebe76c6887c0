import sanitizeHtml from 'sanitize-html';

/**
 * Hosts whose scripts a statistics code may load: the statistics services government sites use and
 * the national 政府网站 error-report (找错) and 适老化 widgets. Anything else is removed.
 */
export const STAT_SCRIPT_DOMAINS = [
  'hm.baidu.com',
  'cnzz.com',
  'umeng.com',
  '51.la',
  'zfwzgl.www.gov.cn',
  'pucha.kaipuyun.cn',
  'kaipuyun.cn',
  'dcs.conac.cn',
  'conac.cn',
] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['script', 'noscript', 'a', 'img', 'span', 'div'],
  allowVulnerableTags: true,
  allowedAttributes: {
    script: ['src', 'async', 'defer', 'id', 'sitecode', 'charset', 'type', 'language'],
    a: ['href', 'target', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border', 'title'],
    span: ['id', 'class'],
    div: ['id', 'class'],
  },
  allowedSchemes: ['https', 'http'],
  allowProtocolRelative: false,
  allowedScriptDomains: [...STAT_SCRIPT_DOMAINS],
  // Inline code never survives (the allowed-domain option empties it); a script without an allowed
  // src is dropped entirely, as is any type other than JavaScript.
  exclusiveFilter: (frame) =>
    frame.tag === 'script' &&
    (!frame.attribs.src || (frame.attribs.type !== undefined && !/^(text\/javascript|application\/javascript)$/i.test(frame.attribs.type))),
  disallowedTagsMode: 'discard',
};

/**
 * The 网站统计代码 as it may be stored and put into every static page: `<script src>` tags of the
 * allowed services (e.g. `<script async src="https://hm.baidu.com/hm.js?KEY"></script>`), links and
 * images; no inline script, no event handlers, no other hosts.
 */
export function sanitizeStatCode(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
