import type { Db } from '../../db/types.js';
import { recordInspection } from '../../entities/inspectionRecord.js';
import { formatDateTime } from '../../util/time.js';
import { dashboard } from './dashboard.js';
import { ownSite } from './dashboardQueries.js';
import { overdueApplications } from './contentChecks.js';

const CONTENT_KEYS = ['homeStale', 'staleColumns', 'emptyColumns', 'unanswered'];

/**
 * The daily content check from our own data (stale and empty columns, home page, unanswered letters,
 * disclosure applications past their deadline) as an inspection record of kind `content`.
 */
export async function runContentCheck(db: Db): Promise<{ recordId: number; red: string[] }> {
  const board = await dashboard(db);
  const applications = await overdueApplications(db);
  const content = board.indicators.filter((i) => CONTENT_KEYS.includes(i.key));
  const red = content.filter((i) => i.red).map((i) => i.name);
  if (applications.length) red.push('依申请公开超期');
  const parts = content.map((i) => `${i.name}：${i.value}`);
  parts.push(`依申请公开超期：${applications.length}件`);
  const site = await ownSite(db);
  const recordId = await recordInspection(db, {
      websiteId: site ? site.id : null,
      websiteName: site ? String(site.name) : '本站',
      kind: 'content',
      result: red.length ? 2 : 1,
      message: parts.join('；').slice(0, 500),
      detail: JSON.stringify({ indicators: content.map((i) => ({ key: i.key, value: i.value, red: i.red, items: i.items.slice(0, 50) })), overdueApplications: applications.slice(0, 50) }),
      checkTime: formatDateTime(),
  });
  return { recordId, red };
}
