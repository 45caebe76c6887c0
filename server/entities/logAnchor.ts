import { defineBehaviour } from '../crud/entity/define.js';
import type { Db, NewRow } from '../db/types.js';

/**
 * 日志锚点: the operation log chain's anchors (server/audit/chain/), read on the generic routes. This file
 * writes them: the genesis anchor when the chain starts (in the chain head's transaction).
 */
export default defineBehaviour({ name: 'logAnchor' });

export async function insertAnchor(db: Db, values: NewRow<'log_anchor'>): Promise<void> {
  await db.insertInto('log_anchor').values(values).execute();
}
