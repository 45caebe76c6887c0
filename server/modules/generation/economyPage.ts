import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { formatFigure, formatGrowth } from '../../../resources/economic/format.js';
import type { Db, Row } from '../../db/types.js';
import { formatDateTime } from '../../util/time.js';
import { latestByArea } from '../economic/publicLatest.js';
import { renderPage } from './render.js';

export const ECONOMY_TEMPLATE = 'economy.html';
export const ECONOMY_PAGE = 'economy.html';

/** What the page needs of the generator's base: the skin folder and the header's variables. */
export interface EconomyBase {
  skinDir: string;
  site: Row;
  navColumns: Row[];
  hotWords: Row[];
}

/**
 * The public page of the latest economic figures (docs/economic-data.md), written to the site root as
 * `economy.html` with the skin's template of that name. A skin without the template (a custom skin, or
 * templates copied before it existed) simply has no such page: answers null.
 */
export async function writeEconomyPage(db: Db, base: EconomyBase, siteRoot: string): Promise<string | null> {
  const exists = await fs.stat(path.join(base.skinDir, ECONOMY_TEMPLATE)).then((s) => s.isFile(), () => false);
  if (!exists) return null;
  const areas = (await latestByArea(db)).map((a) => ({
    ...a,
    figures: a.figures.map((f) => ({ ...f, display: formatFigure(f.value, String(f.unit)), growthDisplay: formatGrowth(f.growthRate) })),
  }));
  const html = await renderPage(base.skinDir, ECONOMY_TEMPLATE, {
    site: base.site,
    navColumns: base.navColumns,
    hotWords: base.hotWords,
    keywords: base.site.keywords,
    description: base.site.description,
    areas,
    generatedAt: formatDateTime(),
  });
  const target = path.join(siteRoot, ECONOMY_PAGE);
  await fs.mkdir(siteRoot, { recursive: true });
  // Through a temporary file and a rename: readers see the old page or the new one.
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    await fs.writeFile(tmp, html, { encoding: 'utf8', flag: 'wx' });
    await fs.rename(tmp, target);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
  return ECONOMY_PAGE;
}
