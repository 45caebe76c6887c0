import { defineBehaviour } from '../crud/entity/define.js';
import type { Db, NewRow, RowUpdate } from '../db/types.js';

/**
 * 集约化平台报送 (interWorking): still on its module routes (server/modules/interworking/: each save is
 * delivered at once). This file is the one place that writes `interworking_article`.
 */
export default defineBehaviour({ name: 'interWorking' });

/** A new item to deliver; answers its id. */
export async function insertInterworking(db: Db, values: NewRow<'interworking_article'>): Promise<number> {
  const row = await db.insertInto('interworking_article').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** What a delivery attempt answered. */
export async function storeDelivery(db: Db, id: number, values: RowUpdate<'interworking_article'>): Promise<void> {
  await db.updateTable('interworking_article').set(values).where('id', '=', id).execute();
}
