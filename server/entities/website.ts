import { defineBehaviour } from '../crud/entity/define.js';
import type { Db, RowUpdate } from '../db/types.js';

/**
 * 网站管理: staff keep the sites on the generic routes; the availability check (server/modules/monitoring/
 * availability.ts) writes a site's check state through this file, in the check's transaction.
 */
export default defineBehaviour({ name: 'website' });

/** What one availability check leaves on its site: not a staff edit, so `updateTime` stays. */
export type CheckState = Required<Pick<RowUpdate<'website'>, 'state' | 'lastCheckTime' | 'responseMs' | 'certExpireDays' | 'lastMessage'>>;

/** The site's state after a check (the read-only fields of the declaration's 检测 group). */
export async function storeCheckState(trx: Db, websiteId: number, state: CheckState): Promise<void> {
  await trx.updateTable('website').set(state).where('id', '=', websiteId).execute();
}
