import { defineBehaviour } from '../crud/entity/define.js';
import type { Db } from '../db/types.js';

/**
 * 热词: staff keep words on the generic routes; the portal's search counts what citizens search
 * (server/modules/system/hotWords/). A word searched for the first time is added here, hidden (status 0,
 * type 2 搜索), for staff to show.
 */
export default defineBehaviour({ name: 'hotWord' });

/** Searched words not yet known, with their counts so far, in one statement. */
export async function insertSearchedWords(db: Db, words: readonly (readonly [string, number])[], now: string): Promise<void> {
  if (!words.length) return;
  await db.insertInto('hot_word').values(words.map(([word, searchCount]) => ({ word, sort: 0, status: 0, type: 2, searchCount, creatorName: '系统', createTime: now, updateTime: now }))).execute();
}
