import { defineBehaviour } from '../crud/entity/define.js';
import type { Db, NewRow } from '../db/types.js';

/** 网页防篡改记录: written by the site guard job (server/modules/generation/guard/), read on the generic routes. */
export default defineBehaviour({ name: 'siteTamperEvent' });

/** The changes one guard run found and what it did about them, in batches of 100. */
export async function recordTamperEvents(db: Db, events: readonly NewRow<'site_tamper_event'>[]): Promise<void> {
  for (let i = 0; i < events.length; i += 100) await db.insertInto('site_tamper_event').values(events.slice(i, i + 100)).execute();
}
