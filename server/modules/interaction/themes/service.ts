import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ResourceDecl } from '../../../../resources/types.js';
import { applyScope, scopeRule, type ScopeRule } from '../../../auth/dataScope.js';
import type { Db, Row } from '../../../db/types.js';
import { invalidValue, notFoundRecord } from '../../../http/errors.js';
import type { PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf, param } from '../../../http/params.js';
import { badState, departmentName } from '../../../shared/records.js';
import { formatDateTime, hoursBetween } from '../../../util/time.js';
import { plainText } from '../../../shared/text.js';
import { deleteThemes, refreshReplyState, setThemes } from '../../../entities/theme.js';

export type Channel = 'bbs' | 'll' | 'xax';
export const CHANNELS: readonly Channel[] = ['bbs', 'll', 'xax'];
/** The channels a channel's staff calls find (see `ThemeService.load`). */
export const CHANNEL_FAMILY: Record<Channel, Channel[]> = { bbs: ['bbs'], ll: ['ll', 'bbs'], xax: ['xax'] };

/** Allowed audit steps of the comment status (0 未审核, 1 审核通过, 2 审核不通过, 3 待定). */
export function checkAuditStep(current: number, next: number): void {
  if (![1, 2, 3].includes(next)) throw invalidValue('审核状态的值无效，可选值：1（审核通过）、2（审核不通过）、3（待定）');
  const allowed = current === 0 ? [1, 2, 3] : current === 3 ? [1, 2] : [];
  if (!allowed.includes(next)) throw badState(current === 1 || current === 2 ? '该记录已审核，不能重复审核' : '该记录当前状态不允许此操作');
}

export function readAuditStatus(body: Record<string, unknown>): number {
  const raw = body.status;
  if (raw === undefined || raw === null || raw === '') throw invalidValue('请选择审核结果');
  const n = Number(raw);
  if (!Number.isInteger(n)) throw invalidValue('审核状态的值无效，可选值：1（审核通过）、2（审核不通过）、3（待定）');
  return n;
}

export function readRemark(body: Record<string, unknown>, name = 'remark', max = 500): string | null {
  const v = body[name];
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') throw invalidValue('意见格式不正确');
  const text = plainText(v, 'input');
  if ([...text].length > max) throw invalidValue(`意见长度不能超过${max}个字符`);
  return text || null;
}

/** `ids` (array or comma list) or a single `id`, from the body or the query. */
export function readIdList(request: FastifyRequest): number[] {
  const body = bodyOf(request);
  const raw = body.ids ?? param(request, 'ids') ?? body.id ?? param(request, 'id');
  if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) throw invalidValue('请选择要操作的记录');
  const parts = Array.isArray(raw) ? raw : String(raw).split(',');
  const ids = parts.map((p) => Number(typeof p === 'string' ? p.trim() : p));
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw invalidValue('参数格式不正确：ids');
  return [...new Set(ids)];
}

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

  /** Reply counters of a theme after replies change (server/entities/theme.ts). */
  async refreshReplyState(trx: Db, themeId: number): Promise<void> {
    await refreshReplyState(trx, themeId);
  }

  /** Audit several themes at once: all or nothing. */
  async audit(user: PortalUser, ids: number[], status: number, remark: string | null, channel?: Channel): Promise<number> {
    const rule = await this.rule(user);
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.load(trx, rule, ids, channel);
      for (const r of rows) checkAuditStep(Number(r.status), status);
      const now = formatDateTime();
      const values: Row = { status, auditRemark: remark, auditTime: now, updateTime: now };
      if (status !== 1) values.isShow = 0;
      await setThemes(trx, ids, values);
      return ids.length;
    });
  }

  /** Show (1) or hide (0): showing needs a passed theme whose author agreed to publication. */
  async show(user: PortalUser, ids: number[], isShow: number, channel?: Channel): Promise<number> {
    if (isShow !== 0 && isShow !== 1) throw invalidValue('是否显示的值无效，可选值：0（不显示）、1（显示）');
    const rule = await this.rule(user);
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.load(trx, rule, ids, channel);
      if (isShow === 1) {
        if (rows.some((r) => Number(r.status) !== 1)) throw badState('只有审核通过的主题才能公开显示');
        if (rows.some((r) => Number(r.isOpen) === 0)) throw badState('留言人不同意公开，不能公开显示');
      }
      await setThemes(trx, ids, { isShow });
      return ids.length;
    });
  }

  /** Hand passed, unfinished themes to a department, which then sees them in its scope and replies. */
  async transfer(user: PortalUser, ids: number[], deptId: number, remark: string | null, channel?: Channel): Promise<number> {
    const rule = await this.rule(user);
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.load(trx, rule, ids, channel);
      if (rows.some((r) => Number(r.status) !== 1)) throw badState('只有审核通过的主题才能转办');
      if (rows.some((r) => Number(r.handleState) === 1)) throw badState('已办结的主题不能转办');
      const deptName = await departmentName(trx, deptId);
      const now = formatDateTime();
      await setThemes(trx, ids, { deptId, deptName, transferRemark: remark, transferTime: now, updateTime: now });
      return ids.length;
    });
  }

  /** Mark handled (办结): passed and not yet handled. */
  async examine(user: PortalUser, ids: number[], channel?: Channel): Promise<number> {
    const rule = await this.rule(user);
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.load(trx, rule, ids, channel);
      if (rows.some((r) => Number(r.status) !== 1)) throw badState('只有审核通过的主题才能办结');
      if (rows.some((r) => Number(r.handleState) === 1)) throw badState('该主题已办结');
      const now = formatDateTime();
      await setThemes(trx, ids, { handleState: 1, examineTime: now, updateTime: now });
      return ids.length;
    });
  }

  /** Every passed, replied, unfinished theme in the caller's scope (optionally of one channel). */
  async examineAll(user: PortalUser, channel?: Channel): Promise<number> {
    const rule = await this.rule(user);
    return this.db.transaction().execute(async (trx) => {
      let q = applyScope(trx.selectFrom('theme').select('id').where('status', '=', 1).where('replyState', '=', 1).where('handleState', '=', 0), rule);
      if (channel) q = q.where('channel', '=', channel);
      const ids = ((await q.execute()) as { id: number }[]).map((r) => r.id);
      if (!ids.length) return 0;
      const now = formatDateTime();
      await setThemes(trx, ids, { handleState: 1, examineTime: now, updateTime: now });
      return ids.length;
    });
  }

  async deleteThemes(user: PortalUser, ids: number[], channel?: Channel): Promise<number> {
    const rule = await this.rule(user);
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.load(trx, rule, ids, channel);
      await deleteThemes(trx, rows);
      return ids.length;
    });
  }

  /** A department reply (type 2), or an edit of one not yet published. Published after a reply audit. */
  async saveReply(user: PortalUser, body: Record<string, unknown>, content: string, channel?: Channel): Promise<Row> {
    const rule = await this.rule(user);
    const rawId = body.id;
    return this.db.transaction().execute(async (trx) => {
      const now = formatDateTime();
      if (rawId !== undefined && rawId !== null && rawId !== '') {
        const id = Number(rawId);
        if (!Number.isSafeInteger(id) || id <= 0) throw notFoundRecord();
        const reply = await trx.selectFrom('theme_reply').selectAll().where('id', '=', id).executeTakeFirst();
        if (!reply) throw notFoundRecord();
        await this.load(trx, rule, [reply.themeId], channel);
        if (reply.status === 1) throw badState('已发布的回复不能修改');
        await trx.updateTable('theme_reply').set({ content, status: 0, auditRemark: null, auditTime: null, updateTime: now }).where('id', '=', id).execute();
        return await trx.selectFrom('theme_reply').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      }
      const themeIdRaw = body.themeId;
      if (themeIdRaw === undefined || themeIdRaw === null || themeIdRaw === '') throw invalidValue('缺少必填参数：themeId');
      const themeId = Number(themeIdRaw);
      if (!Number.isSafeInteger(themeId) || themeId <= 0) throw invalidValue('参数格式不正确：themeId');
      const [theme] = await this.load(trx, rule, [themeId], channel);
      if (Number(theme!.status) !== 1) throw badState('只有审核通过的主题才能回复');
      if (Number(theme!.handleState) === 1) throw badState('已办结的主题不能再回复');
      const inserted = (await trx
        .insertInto('theme_reply')
        .values({
          themeId,
          type: 2,
          content,
          status: 0,
          replyDeptId: user.deptId,
          replyDeptName: user.deptName,
          replyUserId: user.userId,
          replyName: user.name,
          replyTime: now,
          createTime: now,
          updateTime: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      return await trx.selectFrom('theme_reply').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
    });
  }

  async loadReplies(trx: Db, rule: ScopeRule, ids: number[], channel?: Channel): Promise<Row[]> {
    const replies = await trx.selectFrom('theme_reply').selectAll().where('id', 'in', ids).execute();
    if (replies.length !== ids.length) throw notFoundRecord();
    const themeIds = [...new Set(replies.map((r) => r.themeId))];
    await this.load(trx, rule, themeIds, channel);
    return replies;
  }

  async auditReply(user: PortalUser, ids: number[], status: number, remark: string | null, channel?: Channel): Promise<number> {
    const rule = await this.rule(user);
    return this.db.transaction().execute(async (trx) => {
      const replies = await this.loadReplies(trx, rule, ids, channel);
      for (const r of replies) checkAuditStep(Number(r.status), status);
      const now = formatDateTime();
      await trx.updateTable('theme_reply').set({ status, auditRemark: remark, auditTime: now, updateTime: now }).where('id', 'in', ids).execute();
      for (const t of new Set(replies.map((r) => Number(r.themeId)))) await this.refreshReplyState(trx, t);
      return ids.length;
    });
  }

  async deleteReplies(user: PortalUser, ids: number[], channel?: Channel): Promise<number> {
    const rule = await this.rule(user);
    return this.db.transaction().execute(async (trx) => {
      const replies = await this.loadReplies(trx, rule, ids, channel);
      await trx.deleteFrom('theme_reply').where('id', 'in', ids).execute();
      for (const t of new Set(replies.map((r) => Number(r.themeId)))) await this.refreshReplyState(trx, t);
      return ids.length;
    });
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

/** The visible part of a theme for the public site: no phone, e-mail, IP; the name masked. */
export function publicTheme(r: Row): Row {
  const name = typeof r.name === 'string' && r.name ? `${[...r.name][0]}**` : '匿名';
  return {
    id: r.id,
    channel: r.channel,
    forumId: r.forumId,
    plateId: r.plateId,
    plateName: r.plateName,
    title: r.title,
    content: r.content,
    name,
    createTime: r.createTime,
    replyState: r.replyState,
    handleState: r.handleState,
    isRecommend: r.isRecommend,
    deptName: r.deptName,
    readCount: r.readCount,
    replyCount: r.replyCount,
  };
}

export function publicReply(r: Row): Row {
  return { id: r.id, themeId: r.themeId, content: r.content, replyDeptName: r.replyDeptName, replyTime: r.replyTime };
}

export const likeOf = (v: unknown) => sql<boolean>`title like ${`%${String(v).trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
