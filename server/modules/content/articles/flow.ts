import type { Db } from '../../../db/types.js';
import type { PortalUser } from '../../../http/fastifyTypes.js';
import { formatDateTime } from '../../../util/time.js';

/** One entry of an article's 审核记录 (article_flow). */
export interface FlowEntry {
  articleId: number;
  action: string;
  actionName: string;
  fromStatus: number | null;
  toStatus: number | null;
  opinion?: string | null;
}

/**
 * Plain edits by one person within this many minutes of each other, with nothing else in the history between
 * them, are one 修改 entry whose time is the last edit's (docs/content.md, "审核记录"): a draft saved every few
 * seconds would otherwise fill the history with thousands of rows that every save answers.
 */
export const EDIT_SESSION_MINUTES = 30;

const isPlainEdit = (e: FlowEntry) => e.action === 'edit' && e.fromStatus === e.toStatus && !e.opinion?.trim();

/** Records a history entry; a plain edit that continues the caller's own editing session moves that entry's time instead. */
export async function addFlow(db: Db, user: PortalUser, entry: FlowEntry): Promise<void> {
  const now = new Date();
  const createTime = formatDateTime(now);
  if (isPlainEdit(entry) && (await continueEditSession(db, user, entry, createTime, now))) return;
  await db.insertInto('article_flow').values({ ...entry, opinion: entry.opinion ?? null, userId: user.userId, userName: user.name, createTime }).execute();
}

/** True when the article's latest entry was this person's plain edit of the same state within the session's minutes (one statement). */
async function continueEditSession(db: Db, user: PortalUser, entry: FlowEntry, createTime: string, now: Date): Promise<boolean> {
  const since = formatDateTime(new Date(now.getTime() - EDIT_SESSION_MINUTES * 60_000));
  const latest = db.selectFrom('article_flow as f').select((eb) => eb.fn.max('f.id').as('id')).where('f.articleId', '=', entry.articleId);
  const r = await db
    .updateTable('article_flow')
    .set({ createTime })
    .where('id', '=', latest)
    .where('action', '=', 'edit')
    .where('userId', '=', user.userId)
    .where('fromStatus', '=', entry.fromStatus)
    .where('toStatus', '=', entry.toStatus)
    .where((eb) => eb.or([eb('opinion', 'is', null), eb('opinion', '=', '')]))
    .where('createTime', '>=', since)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
