import sanitizeHtml from 'sanitize-html';

/**
 * Hosts whose scripts a statistics code may load: the statistics services government sites use and
 * the national 政府网站 error-report (找错) and 党政机关 identity widgets. Anything else is removed.
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
  // Scripts load over https only (the site's CSP allows nothing else).
  allowedSchemesByTag: { script: ['https'] },
  allowProtocolRelative: false,
  allowedScriptDomains: [...STAT_SCRIPT_DOMAINS],
  // Inline code never survives (the allowed-domain option empties it); a script without an allowed
  // src is dropped entirely, as is any type other than JavaScript.
  exclusiveFilter: (frame) =>
    frame.tag === 'script' &&
    (!frame.attribs.src || (frame.attribs.type !== undefined && !/^(text\/javascript|application\/javascript)$/i.test(frame.attribs.type))),
  disallowedTagsMode: 'discard',
};

const SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_RE = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/**
 * Script text cut where no URL continues; each piece is then matched anchored (a global search over the
 * whole text backtracks quadratically on long runs of letters).
 */
const CODE_SPLIT_RE = /[\s"'<>()+;,\\[\]{}]+/;

const allowedHost = (host: string) => STAT_SCRIPT_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`));

/** `//x`, `http://x`, `x/…` of an allowed host → `https://x/…`; anything else → null. */
function httpsUrl(raw: string): string | null {
  const text = raw.trim().replace(/&amp;/g, '&');
  const m = /^(?:(https?):)?(?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})(\/.*)?$/i.exec(text);
  if (!m || (!m[1] && !text.startsWith('//') && !m[3])) return null;
  const host = (m[2] as string).toLowerCase();
  return allowedHost(host) ? `https://${host}${m[3] ?? '/'}` : null;
}

/** `%3C` → `<` as the snippets' `unescape(…)` does; text that is not escaping stays as it is. */
const unescapeCode = (code: string) => code.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface StatCodeResult {
  /** What is stored and printed: external `<script src>` of the allowed services (https), links, images. */
  code: string;
  /** What was changed, in Chinese, for the settings form. */
  notes: string[];
}

/**
 * The 网站统计代码 as staff paste it from a statistics service, made to work under the site's CSP
 * (no inline script): the external scripts an inline loader would add (百度统计's `hm.src = "…"`,
 * CNZZ's `document.write(unescape(…))`, 51.la's `LA.init({id, ck})`) become `<script async src>`
 * tags over https; the inline code itself is removed, as is anything from a host not allowed.
 */
export function cleanStatCode(html: string): StatCodeResult {
  const notes: string[] = [];
  let inlineDropped = 0;
  const rewritten = html.replace(SCRIPT_RE, (_tag: string, attrs: string, body: string) => {
    const srcMatch = SRC_RE.exec(attrs);
    if (srcMatch) {
      const raw = srcMatch[1] ?? srcMatch[2] ?? srcMatch[3] ?? '';
      const url = httpsUrl(raw);
      if (!url) {
        notes.push(`已移除不在白名单中的脚本：${raw.slice(0, 100)}`);
        return '';
      }
      if (body.trim()) inlineDropped += 1;
      if (!raw.startsWith('https://')) notes.push(`脚本地址已改为 https：${url}`);
      return `<script${attrs.replace(SRC_RE, `src="${escapeAttr(url)}"`)}></script>`;
    }
    if (!body.trim()) return '';
    inlineDropped += 1;
    const code = unescapeCode(body);
    const urls = new Set<string>();
    for (const token of code.split(CODE_SPLIT_RE)) {
      if (token.length > 2048 || !token.includes('/')) continue;
      const url = httpsUrl(token);
      if (url && !/\.(gif|png|jpe?g|svg|ico|css)(\?|$)/i.test(url)) urls.add(url);
    }
    // 51.la: the SDK takes the site's id and key from its query when there is no LA.init call.
    const la = /LA\.init\(\s*\{[^}]*?\bid\s*:\s*["']([A-Za-z0-9]+)["'][^}]*?\bck\s*:\s*["']([A-Za-z0-9]+)["']/.exec(code);
    const tags = [...urls].map((u) => {
      const url = la && /\/\/sdk\.51\.la\//.test(u) && !u.includes('?') ? `${u}?id=${la[1]}&ck=${la[2]}` : u;
      notes.push(`已从内联脚本中提取外部脚本：${url}`);
      return `<script async src="${escapeAttr(url)}"></script>`;
    });
    return tags.join('');
  });
  // A separate 51.la init script after the SDK tag: carry its id and key into the SDK's address.
  const laInit = /LA\.init\(\s*\{[^}]*?\bid\s*:\s*["']([A-Za-z0-9]+)["'][^}]*?\bck\s*:\s*["']([A-Za-z0-9]+)["']/.exec(html);
  const withLa = laInit ? rewritten.replace(/src="(https:\/\/sdk\.51\.la\/[^"?]+)"/, `src="$1?id=${laInit[1]}&amp;ck=${laInit[2]}"`) : rewritten;
  if (withLa !== rewritten) notes.push('51.la 的 LA.init 参数已写入脚本地址');
  if (inlineDropped > 0) notes.push(`已移除内联脚本 ${inlineDropped} 段：网站的安全策略（CSP）不允许运行内联脚本`);
  const code = sanitizeHtml(withLa, OPTIONS).trim();
  return { code, notes };
}

/**
 * The stored form of a statistics code (see cleanStatCode). Also applied when pages are generated, so
 * a value stored before this cleaning existed is never printed raw.
 */
export function sanitizeStatCode(html: string): string {
  return cleanStatCode(html).code;
}
