import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db, Row } from '../../db/types.js';
import { missingIdentity, missingMeta, pageTypeOf } from '../../shared/siteIdentity.js';
import type { Indicator } from './dashboard.js';

/** Pages read per check: enough for a county site, bounded so the check stays quick. */
const MAX_PAGES = 5000;
const SETTINGS = '/main/system/siteSet';

async function* htmlFiles(dir: string, rel = ''): AsyncGenerator<string> {
  const entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    // Published uploads are files staff attached, not pages of the site.
    if (e.isDirectory() && child !== 'uploads') yield* htmlFiles(dir, child);
    else if (e.isFile() && e.name.endsWith('.html')) yield child;
  }
}

/** Generated pages (below `site/`) missing a meta tag their page type requires. */
export async function pagesMissingMeta(siteDir: string): Promise<{ pages: number; missing: { rel: string; tags: string[] }[] }> {
  const missing: { rel: string; tags: string[] }[] = [];
  let pages = 0;
  for await (const rel of htmlFiles(siteDir)) {
    if (pages >= MAX_PAGES) break;
    pages += 1;
    const html = await fs.readFile(path.join(siteDir, rel), 'utf8').catch(() => '');
    const tags = missingMeta(html.slice(0, 20_000), pageTypeOf(rel));
    if (tags.length) missing.push({ rel, tags });
  }
  return { pages, missing };
}

/**
 * 网站标识与元数据 (国办发〔2017〕47号): every identity item 站点设置 leaves empty and every generated page
 * missing a meta tag its type requires. Pages are read from the generated folder when it is known.
 */
export async function identityIndicator(db: Db, dataDir?: string): Promise<Indicator> {
  const site = ((await db.selectFrom('site_setting').selectAll().orderBy('id').executeTakeFirst()) ?? {}) as Row;
  const items: Indicator['items'] = missingIdentity(site).map((i) => ({ label: i.label, detail: '站点设置中未填写', link: SETTINGS }));
  const scan = dataDir ? await pagesMissingMeta(path.join(dataDir, 'site')) : { pages: 0, missing: [] };
  for (const p of scan.missing) items.push({ label: p.rel, detail: `缺少元数据：${p.tags.join('、')}`, link: SETTINGS });
  const idMissing = items.length - scan.missing.length;
  return {
    key: 'identity',
    name: '网站标识与页面元数据',
    veto: false,
    basis: '页脚应展示网站标识码、主办单位、联系方式、ICP备案号、公安机关备案号、党政机关网站标识等，页面应包含规定的元数据（国办发〔2017〕47号，扣分项）',
    value: `标识缺${idMissing}项；检查页面${scan.pages}个，缺元数据${scan.missing.length}个${scan.pages ? '' : '（尚未生成静态页面）'}`,
    threshold: '0项、0个',
    red: items.length > 0,
    link: SETTINGS,
    items,
  };
}
