import type { ResourceDecl } from '../../resources/types.js';
import type { Db, Row } from '../db/types.js';

/** Fields the public site may read (POST /web/site/info): declared beside the entity. */
export { PUBLIC_SITE_FIELDS } from '../../resources/siteSetting.js';

/** The declared defaults, for a site that was never saved. */
export function defaultSiteSettings(decl: ResourceDecl): Row {
  const out: Row = { id: null };
  for (const f of decl.fields) if (f.name !== 'id') out[f.name] = f.default ?? null;
  return out;
}

/** The one settings record of `site_setting` (the lowest id), merged over the declared defaults. */
export async function readSiteSettings(db: Db, decl: ResourceDecl): Promise<Row> {
  const row = await db.selectFrom('site_setting').selectAll().orderBy('id', 'asc').limit(1).executeTakeFirst();
  const base = defaultSiteSettings(decl);
  if (!row) return base;
  for (const [k, v] of Object.entries(row)) if (v !== null && v !== undefined) base[k] = v;
  return base;
}
