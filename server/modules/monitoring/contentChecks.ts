import type { Db } from '../../db/types.js';
import { formatDateTime, parseDateTime } from '../../util/time.js';
import { kindOfRole, limitDaysOf, roleOf, type ColumnKind, type ColumnRole } from './columnKinds.js';

const DAY = 86_400_000;
export const PUBLISHED = 5;
/** 互动回应差: a letter unanswered this long (国办秘函〔2019〕19号: 3 months). */
export const UNANSWERED_DAYS = 90;
export const HOME_STALE_DAYS = 14;

export interface ColumnStatus {
  id: number;
  title: string;
  parentId: number;
  role: ColumnRole;
  kind: ColumnKind;
  /** null: the rules set no update limit for the column's role. */
  limitDays: number | null;
  published: number;
  lastPublish: string | null;
  daysSince: number | null;
  stale: boolean;
  empty: boolean;
}

const daysBetween = (from: string, now: number) => Math.floor((now - parseDateTime(from).getTime()) / DAY);

/** Every list column (columnType 1) with its published articles, last publish time and staleness. */
export async function columnStatuses(db: Db, now = Date.now()): Promise<ColumnStatus[]> {
  const columns = await db.selectFrom('category').selectAll().where('columnType', '=', 1).orderBy('categorySort').orderBy('categoryId').execute();
  const stats = (await db
    .selectFrom('article')
    .select(['columnId', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.max('publishTime').as('last')])
    .where('status', '=', PUBLISHED)
    .groupBy('columnId')
    .execute()) as { columnId: number; n: number | string; last: string | null }[];
  const byColumn = new Map(stats.map((s) => [s.columnId, s]));
  // A parent column whose sub-columns carry the articles is neither empty nor stale on its own.
  const parents = new Set(columns.map((c) => c.categoryCategoryId).filter((id) => id > 0));
  return columns
    .filter((c) => !parents.has(c.categoryId))
    .map((c) => {
      const s = byColumn.get(c.categoryId);
      const title = String(c.categoryTitle);
      const role = roleOf(c);
      const limitDays = limitDaysOf({ columnRole: role, updateLimitDays: c.updateLimitDays as number | null });
      const published = Number(s?.n ?? 0);
      const lastPublish = s?.last ?? null;
      const daysSince = lastPublish ? daysBetween(lastPublish, now) : null;
      return {
        id: c.categoryId,
        title,
        parentId: Number(c.categoryCategoryId ?? 0),
        role,
        kind: kindOfRole(role),
        limitDays,
        published,
        lastPublish,
        daysSince,
        stale: published > 0 && daysSince !== null && limitDays !== null && daysSince > limitDays,
        empty: published === 0,
      };
    });
}

/** The home page lists the newest articles of every column: it was last updated at the newest publish time. */
export async function homeLastUpdate(db: Db): Promise<string | null> {
  const r = (await db.selectFrom('article').select((eb) => eb.fn.max('publishTime').as('last')).where('status', '=', PUBLISHED).executeTakeFirst()) as { last: string | null } | undefined;
  return r?.last ?? null;
}

export interface PendingItem {
  id: number;
  title: string;
  since: string;
  days: number;
}

/** Letters still unanswered (status 0, not refused) received over `days` days ago. */
export async function unansweredLetters(db: Db, days = UNANSWERED_DAYS, now = Date.now()): Promise<PendingItem[]> {
  const before = formatDateTime(new Date(now - days * DAY));
  const rows = await db
    .selectFrom('mail')
    .select(['id', 'title', 'receivedAt'])
    .where('status', '=', 0)
    .where('stage', '<>', 5)
    .where('receivedAt', '<', before)
    .orderBy('receivedAt')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.id, title: String(r.title), since: String(r.receivedAt), days: daysBetween(String(r.receivedAt), now) }));
}

/** Disclosure applications not answered (待受理/已受理) whose legal deadline has passed. */
export async function overdueApplications(db: Db, now = Date.now()): Promise<PendingItem[]> {
  const today = formatDateTime(new Date(now)).slice(0, 10);
  const rows = await db
    .selectFrom('apply')
    .select(['id', 'infoName', 'createTime', 'deadline'])
    .where('status', 'in', [0, 1])
    .where('deadline', '<', today)
    .orderBy('deadline')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.id, title: String(r.infoName), since: String(r.deadline), days: daysBetween(`${String(r.deadline).slice(0, 10)} 00:00:00`, now) }));
}

/** Letters not yet answered at all, with their age: what MAIL_OVERDUE reminds about. */
export async function openLetters(db: Db, now = Date.now()): Promise<PendingItem[]> {
  const rows = await db.selectFrom('mail').select(['id', 'title', 'receivedAt']).where('status', '=', 0).where('stage', 'in', [0, 1, 2, 3]).orderBy('receivedAt').limit(2000).execute();
  return rows.filter((r) => r.receivedAt).map((r) => ({ id: r.id, title: String(r.title), since: String(r.receivedAt), days: daysBetween(String(r.receivedAt), now) }));
}

/** Applications still open, with days since they arrived: what APPLY_OVERDUE reminds about. */
export async function openApplications(db: Db, now = Date.now()): Promise<PendingItem[]> {
  const rows = await db.selectFrom('apply').select(['id', 'infoName', 'createTime']).where('status', 'in', [0, 1]).orderBy('createTime').limit(2000).execute();
  return rows.filter((r) => r.createTime).map((r) => ({ id: r.id, title: String(r.infoName), since: String(r.createTime), days: daysBetween(String(r.createTime), now) }));
}
