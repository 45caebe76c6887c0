import { defineBehaviour } from '../crud/entity/define.js';
import type { Db, NewRow, RowUpdate } from '../db/types.js';

/**
 * 备份 (docs/deploy.md "Backups"): records are written by the backup runner (server/backup/), listed on
 * the generic routes. This file is the one place that writes `backup_record`: a run starts as running,
 * ends done or failed, and rotation drops the records of expired backups.
 */
export default defineBehaviour({ name: 'backup' });

/** A backup starts: its record; answers the id. */
export async function insertBackupRecord(db: Db, values: NewRow<'backup_record'>): Promise<number> {
  const row = await db.insertInto('backup_record').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A backup ended (done with its figures, or failed with the reason). */
export async function finishBackupRecord(db: Db, id: number, values: RowUpdate<'backup_record'>): Promise<void> {
  await db.updateTable('backup_record').set(values).where('id', '=', id).execute();
}

/** Rotation: an expired backup's record goes with its folder. */
export async function deleteBackupRecord(db: Db, id: number): Promise<void> {
  await db.deleteFrom('backup_record').where('id', '=', id).execute();
}
