import { defineBehaviour } from '../crud/entity/define.js';
import type { Db, NewRow } from '../db/types.js';

/**
 * 重点项目: staff on the generic routes; a company's public submission (server/modules/content/localEconomy/
 * industrialPublic.ts, checked by validateRecord against the declaration) is stored here.
 */
export default defineBehaviour({ name: 'industrialProjects' });

/** A submitted project; answers its id. */
export async function insertSubmittedProject(db: Db, values: NewRow<'industrial_project'>): Promise<number> {
  const row = await db.insertInto('industrial_project').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}
