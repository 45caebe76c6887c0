import { defineBehaviour } from '../crud/entity/define.js';
import type { Db } from '../db/types.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { createdBy } from '../shared/records.js';
import { formatDateTime } from '../util/time.js';

/**
 * 信息报送: still on its module routes (server/modules/content/reports/). This file is the one place that
 * writes `article_report`: an article saved from the reporting app is marked a submission, and a deleted
 * article's mark goes with it.
 */
export default defineBehaviour({ name: 'report' });

/** Marks an article saved from the reporting app as the caller's submission. */
export async function markReported(db: Db, articleId: number, user: PortalUser): Promise<void> {
  const now = formatDateTime();
  await db.insertInto('article_report').values({ articleId, reportTime: now, ...createdBy(user, now) }).execute();
}

/** A deleted article is no longer a submission. */
export async function forgetReported(db: Db, articleId: number): Promise<void> {
  await db.deleteFrom('article_report').where('articleId', '=', articleId).execute();
}
