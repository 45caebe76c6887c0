import { defineBehaviour } from '../crud/entity/define.js';
import type { Db, NewRow } from '../db/types.js';

/**
 * 检测记录: written only by the monitoring checks (availability, links, content: server/modules/monitoring/),
 * read-only on its generic routes. This file is the one place that writes the table.
 */
export default defineBehaviour({ name: 'inspectionRecord' });

/** One check's record; answers its id (the broken links hang on it). */
export async function recordInspection(db: Db, values: NewRow<'inspection_record'>): Promise<number> {
  const row = (await db.insertInto('inspection_record').values(values).returning('id').executeTakeFirstOrThrow()) as { id: number };
  return row.id;
}
