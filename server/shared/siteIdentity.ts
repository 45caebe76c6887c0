import type { Row } from '../db/types.js';

/**
 * The site's identity as 国办发〔2017〕47号 asks every government site to show it (footer and page
 * metadata), read from 站点设置 only. Generation prints it, the annual report and monitoring's identity
 * check read it from here, so all of them agree on what is required and how the links are built.
 */
export const IDENTITY_ITEMS: readonly { key: string; label: string }[] = [
  { key: 'siteName', label: '网站名称' },
  { key: 'siteDomain', label: '网站域名' },
  { key: 'siteIdCode', label: '网站标识码' },
  { key: 'sponsor', label: '主办单位' },
  { key: 'organizer', label: '承办单位' },
  { key: 'phone', label: '联系电话' },
  { key: 'address', label: '联系地址' },
  { key: 'icp', label: 'ICP备案号' },
  { key: 'policeRecord', label: '公安机关备案号' },
  { key: 'conacImage', label: '党政机关网站标识' },
  { key: 'conacLink', label: '党政机关网站标识链接' },
];

/** 工业和信息化部 ICP/IP地址/域名信息备案管理系统: the look-up page (it has no per-number address). */
export const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';
/** 全国互联网安全管理服务平台: the look-up of one 公安机关备案号 by its digits. */
export const POLICE_LOOKUP_URL = 'https://beian.mps.gov.cn/#/query/webSearch';
/**
 * 我为政府网站找错: the national platform's report form. Its own button script (`exposure/jiucuo.js`, `Link(site_code)`)
 * opens `jiucuo.html?site_code=<网站标识码>&url=<the page, URI-encoded>`; sites that print a plain link pass their
 * home address as `url` (sources in docs/monitoring.md, "我为政府网站找错").
 */
export const JIUCUO_URL = 'https://zfwzgl.www.gov.cn/exposure/jiucuo.html';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v).trim());

/** The look-up address of a 公安机关备案号 (`滇公网安备53012302000123号` → `?code=53012302000123`). */
export function policeLookupUrl(record: unknown): string {
  const digits = text(record).replace(/\D/g, '');
  return digits ? `${POLICE_LOOKUP_URL}?code=${digits}` : POLICE_LOOKUP_URL;
}

/** The site's home address from 网站域名 (`www.x.gov.cn` → `https://www.x.gov.cn/`); '' without one. */
export function siteHomeUrl(siteDomain: unknown): string {
  const d = text(siteDomain).replace(/^https?:\/\//i, '').replace(/\/+$/, '');
  return d ? `https://${d}/` : '';
}

/** The 我为政府网站找错 address of the site (its 网站标识码, and its home page as `url`); '' without a code. */
export function jiucuoUrl(siteIdCode: unknown, siteDomain?: unknown): string {
  const code = text(siteIdCode);
  if (!code) return '';
  const home = siteHomeUrl(siteDomain);
  return `${JIUCUO_URL}?site_code=${encodeURIComponent(code)}${home ? `&url=${encodeURIComponent(home)}` : ''}`;
}

/** The derived links the footer prints next to the settings. */
export function identityLinks(site: Row): { icpUrl: string; policeUrl: string; jiucuoUrl: string } {
  return { icpUrl: ICP_LOOKUP_URL, policeUrl: policeLookupUrl(site.policeRecord), jiucuoUrl: jiucuoUrl(site.siteIdCode, site.siteDomain) };
}

/** Identity items 站点设置 leaves empty. */
export function missingIdentity(site: Row): { key: string; label: string }[] {
  return IDENTITY_ITEMS.filter((i) => text(site[i.key]) === '');
}

export type PageType = 'home' | 'column' | 'article' | 'page';

const SITE_TAGS = ['SiteName', 'SiteDomain', 'SiteIDCode', 'Keywords', 'Description', 'Url'];
const COLUMN_TAGS = ['ColumnName', 'ColumnDescription', 'ColumnKeywords', 'ColumnType'];
const ARTICLE_TAGS = ['ArticleTitle', 'PubDate', 'ContentSource', 'Author', 'Image'];

/** The 47号 meta tags each page type must carry (all 15 on article pages). */
export const REQUIRED_META: Record<PageType, readonly string[]> = {
  home: SITE_TAGS,
  page: SITE_TAGS,
  column: [...SITE_TAGS, ...COLUMN_TAGS],
  article: [...SITE_TAGS, ...COLUMN_TAGS, ...ARTICLE_TAGS],
};

/** The type of a generated page from its path below the site root. */
export function pageTypeOf(rel: string): PageType {
  const r = rel.replace(/\\/g, '/').replace(/^\/+/, '');
  if (r === 'index.html') return 'home';
  if (r.startsWith('column/')) return 'column';
  if (r.startsWith('article/')) return 'article';
  return 'page';
}

const META_TAG = /<meta\s+name="([A-Za-z]+)"\s+content="([^"]*)"/g;

/** The meta tags of a page that are required and missing or empty. */
export function missingMeta(html: string, type: PageType): string[] {
  const found = new Map<string, string>();
  for (const m of html.matchAll(META_TAG)) found.set(m[1] ?? '', (m[2] ?? '').trim());
  return REQUIRED_META[type].filter((tag) => !found.get(tag));
}
