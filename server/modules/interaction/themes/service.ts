import type { FastifyInstance } from 'fastify';
import theme, { PUBLIC_THEME_FIELDS } from '../../../../resources/theme.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { readOutput } from '../../../crud/reads/output.js';
import { applyScope, scopeRule, type ScopeRule } from '../../../auth/dataScope.js';
import { dynamic, type Db, type NewRow, type Row } from '../../../db/types.js';
import { notFoundRecord } from '../../../http/errors.js';
import type { PortalUser } from '../../../http/fastifyTypes.js';
import { groupedFor } from '../../../crud/reads/grouped.js';
import { systemUser } from '../../../crud/entity/runtime.js';

import { CHANNELS, type Channel } from '../../../entities/theme/rules.js';

export type { Channel };
/** The channels a channel's staff calls find (see `ThemeService.load`). */
export const CHANNEL_FAMILY: Record<Channel, Channel[]> = { bbs: ['bbs'], ll: ['ll', 'bbs'], xax: ['xax'] };

export class ThemeService {
  constructor(
    readonly app: FastifyInstance,
    readonly decl: ResourceDecl,
  ) {}

  get db(): Db {
    return this.app.db;
  }

  rule(user: PortalUser): Promise<ScopeRule> {
    return scopeRule(this.db, user, this.decl);
  }

  /**
   * Themes by id inside the caller's scope (and channel family); 1003 unless every one is found. The
   * spec's /theme/* family has no audit, show, reply or update call, so the /ll/theme/* staff calls
   * serve forum topics (bbs) as well; /xax/theme/* stays with its own channel.
   */
  async load(trx: Db, rule: ScopeRule, ids: number[], channel?: Channel): Promise<Row[]> {
    let q = applyScope(trx.selectFrom('theme').selectAll().where('id', 'in', ids), rule);
    if (channel) q = q.where('channel', 'in', CHANNEL_FAMILY[channel]);
    const rows = await q.execute();
    if (rows.length !== ids.length) throw notFoundRecord();
    return rows;
  }

  async replies(themeId: number, onlyPublished: boolean): Promise<Row[]> {
    let q = this.db.selectFrom('theme_reply').selectAll().where('themeId', '=', themeId);
    if (onlyPublished) q = q.where('status', '=', 1);
    return await q.orderBy('replyTime', 'asc').orderBy('id', 'asc').execute();
  }


}

/** `YYYY-MM-01 00:00:00` and the month's last second. */
export const monthBounds = (month: string): [string, string] => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return [`${month}-01 00:00:00`, `${month}-${String(new Date(y, m, 0).getDate()).padStart(2, '0')} 23:59:59`];
};

/** 主题统计's groups (the declared read `countList`, resources/theme.ts) over a search, as `user` reaches them. */
export function themeCounts(db: Db, decl: ResourceDecl, user: PortalUser, search: Row) {
  const read = decl.api.extra?.countList?.reads;
  if (!read) throw new Error('resources/theme.ts: 没有 countList 读取');
  return groupedFor(dynamic(db), decl, read, user, search);
}

type Figures = { key: number; name: string; total: number; passed: number; replied: number; handled: number; replyCount: number; avgReplyHours: number | null };

/** The live counts of a month per channel and handling department, in theme_count's shape (the monthly snapshot). */
export async function monthCounts(db: Db, decl: ResourceDecl, month: string, channel: string | null): Promise<NewRow<'theme_count'>[]> {
  const [startTime, endTime] = monthBounds(month);
  const out: NewRow<'theme_count'>[] = [];
  for (const ch of channel ? [channel] : CHANNELS) {
    const rows = (await themeCounts(db, decl, systemUser, { startTime, endTime, channel: ch, groupBy: 'dept' })) as Figures[];
    for (const { key, name, ...figures } of rows) out.push({ month, channel: ch, deptId: key, deptName: name, ...figures });
  }
  return out;
}

/** The visible part of a theme for the public site, as its published lists answer it (resources/theme.ts `reads`). */
export const publicTheme = (r: Row): Row => readOutput(theme, { fields: PUBLIC_THEME_FIELDS, masks: { name: 'initial' } }, r);

export function publicReply(r: Row): Row {
  return { id: r.id, themeId: r.themeId, content: r.content, replyDeptName: r.replyDeptName, replyTime: r.replyTime };
}
