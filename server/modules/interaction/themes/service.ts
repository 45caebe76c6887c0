import type { FastifyInstance } from 'fastify';
import theme, { PUBLIC_THEME_FIELDS } from '../../../../resources/theme.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { readOutput } from '../../../crud/reads/output.js';
import { applyScope, scopeRule, type ScopeRule } from '../../../auth/dataScope.js';
import type { Db, Row } from '../../../db/types.js';
import { notFoundRecord } from '../../../http/errors.js';
import type { PortalUser } from '../../../http/fastifyTypes.js';
import { hoursBetween } from '../../../util/time.js';

import type { Channel } from '../../../entities/theme/rules.js';

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

  async loadReplies(trx: Db, rule: ScopeRule, ids: number[], channel?: Channel): Promise<Row[]> {
    const replies = await trx.selectFrom('theme_reply').selectAll().where('id', 'in', ids).execute();
    if (replies.length !== ids.length) throw notFoundRecord();
    const themeIds = [...new Set(replies.map((r) => r.themeId))];
    await this.load(trx, rule, themeIds, channel);
    return replies;
  }

}

export interface CountRow {
  key: number | string;
  name: string;
  total: number;
  passed: number;
  replied: number;
  handled: number;
  replyCount: number;
  avgReplyHours: number | null;
}

/**
 * Live counts of themes created in [start, end], grouped by handling department (`dept`, 0 = not yet
 * transferred), plate or channel. Average reply time = first published reply − creation, in hours.
 */
export async function liveCounts(
  db: Db,
  rule: ScopeRule,
  opts: { start?: string | null; end?: string | null; channel?: string | null; groupBy: 'dept' | 'plate' | 'channel' },
): Promise<CountRow[]> {
  let q = applyScope(
    db.selectFrom('theme').select(['channel', 'deptId', 'deptName', 'plateId', 'plateName', 'status', 'replyState', 'handleState', 'replyCount', 'createTime', 'firstReplyTime']),
    rule,
  );
  if (opts.start) q = q.where('createTime', '>=', opts.start);
  if (opts.end) q = q.where('createTime', '<=', opts.end);
  if (opts.channel) q = q.where('channel', '=', opts.channel);
  const rows = await q.execute();
  const groups = new Map<string, CountRow & { hours: number[] }>();
  const channelNames: Record<string, string> = { bbs: '论坛', ll: '领导留言', xax: '县长信箱' };
  for (const r of rows) {
    const [key, name] =
      opts.groupBy === 'dept'
        ? [Number(r.deptId ?? 0), r.deptId ? String(r.deptName ?? '') : '未转办']
        : opts.groupBy === 'plate'
          ? [Number(r.plateId ?? 0), r.plateId ? String(r.plateName ?? '') : '（无版块）']
          : [String(r.channel), channelNames[String(r.channel)] ?? String(r.channel)];
    const g = groups.get(String(key)) ?? { key, name, total: 0, passed: 0, replied: 0, handled: 0, replyCount: 0, avgReplyHours: null, hours: [] };
    g.total += 1;
    if (Number(r.status) === 1) g.passed += 1;
    if (Number(r.replyState) === 1) g.replied += 1;
    if (Number(r.handleState) === 1) g.handled += 1;
    g.replyCount += Number(r.replyCount ?? 0);
    const h = hoursBetween(r.createTime, r.firstReplyTime);
    if (h !== null) g.hours.push(h);
    groups.set(String(key), g);
  }
  return [...groups.values()]
    .map(({ hours, ...g }) => ({ ...g, avgReplyHours: hours.length ? Math.round((hours.reduce((a, b) => a + b, 0) / hours.length) * 10) / 10 : null }))
    .sort((a, b) => b.total - a.total || String(a.key).localeCompare(String(b.key)));
}

/** The visible part of a theme for the public site, as its published lists answer it (resources/theme.ts `reads`). */
export const publicTheme = (r: Row): Row => readOutput(theme, { fields: PUBLIC_THEME_FIELDS, masks: { name: 'initial' } }, r);

export function publicReply(r: Row): Row {
  return { id: r.id, themeId: r.themeId, content: r.content, replyDeptName: r.replyDeptName, replyTime: r.replyTime };
}
