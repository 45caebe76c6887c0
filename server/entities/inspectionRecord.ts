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

/**
 * Data migration (the released `2026_s18_purge_sample_monitoring`, server/modules/monitoring/migrations.ts):
 * the old demo's made-up history — hourly checks marked `"demo":true` and its one invented link check with
 * its broken links — removed, so no indicator, list or annual report counts a figure nobody measured.
 */
export async function purgeMadeUpChecks(db: Db): Promise<void> {
  await db.deleteFrom('inspection_record').where('kind', '=', 'availability').where('detail', 'like', '%"demo":true%').execute();
  const fake = await db.selectFrom('inspection_record').select('id').where('kind', '=', 'links').where('message', '=', '检查页面18个、链接240个，错误链接2个（首页0个），外部链接3个').execute();
  const ids = fake.map((r) => r.id);
  if (ids.length) {
    await db.deleteFrom('broken_link').where('recordId', 'in', ids).execute();
    await db.deleteFrom('inspection_record').where('id', 'in', ids).execute();
  }
}
