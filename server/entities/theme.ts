import { defineBehaviour } from '../crud/entity/define.js';
import type { Db, Row } from '../db/types.js';
import { formatDateTime } from '../util/time.js';
import { refreshPlateCount } from './plate.js';

/**
 * 论坛主题 / 网络问政: still on its module routes (server/modules/interaction/themes/: three channels, audit,
 * transfer, replies, counts). This file is the one place that writes the `theme` table; the module calls
 * these stores inside its own transactions (a plate's topic count follows every insert and delete).
 */
export default defineBehaviour({ name: 'theme' });

/** A new theme; its plate's topic count follows. Answers the id. */
export async function insertTheme(trx: Db, values: Row): Promise<number> {
  const inserted = (await trx.insertInto('theme').values(values).returning('id').executeTakeFirstOrThrow()) as { id: number };
  if (values.plateId !== null && values.plateId !== undefined) await refreshPlateCount(trx, Number(values.plateId));
  return inserted.id;
}

/** Sets values on themes (the caller has read them in its scope); the update time is stamped. */
export async function setThemes(trx: Db, ids: readonly number[], values: Row): Promise<void> {
  if (!ids.length) return;
  const stamped: Row = { ...values, updateTime: values.updateTime ?? formatDateTime() };
  await trx.updateTable('theme').set(stamped).where('id', 'in', [...ids]).execute();
}

/** Deletes themes with their replies; the plates' topic counts follow. */
export async function deleteThemes(trx: Db, rows: readonly Row[]): Promise<void> {
  const ids = rows.map((r) => Number(r.id));
  if (!ids.length) return;
  await trx.deleteFrom('theme_reply').where('themeId', 'in', ids).execute();
  await trx.deleteFrom('theme').where('id', 'in', ids).execute();
  const plates = [...new Set(rows.map((r) => r.plateId).filter((p) => p !== null && p !== undefined).map(Number))];
  for (const p of plates) await refreshPlateCount(trx, p);
}

/** Reply counters of a theme after replies change: published count, replied flag, first reply time. */
export async function refreshReplyState(trx: Db, themeId: number): Promise<void> {
  const published = (await trx.selectFrom('theme_reply').select(['replyTime']).where('themeId', '=', themeId).where('status', '=', 1).orderBy('replyTime', 'asc').execute()) as {
    replyTime: string;
  }[];
  await setThemes(trx, [themeId], { replyCount: published.length, replyState: published.length > 0 ? 1 : 0, firstReplyTime: published[0]?.replyTime ?? null });
}
