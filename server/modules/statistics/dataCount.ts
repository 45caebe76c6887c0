import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { applyScope, scopeRule } from '../../auth/dataScope.js';
import type { DynamicDb, Row } from '../../db/types.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { declarationOf } from '../declarationLookup.js';
import type { DataSearch } from './filters.js';

/**
 * One figure of 数据统计: rows of a resource's table whose `dateField` falls in the range (and, with
 * `notNull`, whose field is filled). Other modules' tables are read only when they exist: a missing
 * table, column or declaration answers `null` (shown as "—"), never an error.
 */
interface Figure {
  key: string;
  label: string;
  resource: string;
  dateField: string;
  notNull?: string;
  where?: [string, number];
}

export const FIGURES: Figure[] = [
  { key: 'articles', label: '文章总数', resource: 'article', dateField: 'createTime' },
  { key: 'publishedArticles', label: '已发布文章', resource: 'article', dateField: 'publishTime', where: ['status', 5] },
  { key: 'columns', label: '栏目数', resource: 'column', dateField: '' },
  { key: 'letters', label: '来信数', resource: 'mail', dateField: 'receivedAt' },
  { key: 'letterReplies', label: '来信答复数', resource: 'mail', dateField: 'replyTime', notNull: 'replyTime' },
  { key: 'surveys', label: '问卷调查数', resource: 'survey', dateField: 'createTime' },
  { key: 'suggestions', label: '建言献策数', resource: 'suggest', dateField: 'createTime' },
  { key: 'suggestionReplies', label: '建言答复数', resource: 'suggest', dateField: 'replyTime', notNull: 'replyTime' },
  { key: 'applications', label: '依申请公开数', resource: 'apply', dateField: 'createTime' },
  { key: 'applicationReplies', label: '依申请答复数', resource: 'apply', dateField: 'replyTime', notNull: 'replyTime' },
];

export interface FigureValue {
  key: string;
  label: string;
  count: number | null;
}

export async function dataCount(app: FastifyInstance, request: FastifyRequest, s: DataSearch): Promise<FigureValue[]> {
  // The declaration's table is named at run time (decl.table): the untyped handle.
  const db: DynamicDb = app.db;
  const tables = new Map<string, Set<string>>();
  for (const t of await db.introspection.getTables()) tables.set(t.name, new Set(t.columns.map((c) => c.name)));
  const user = currentUser(request);
  const out: FigureValue[] = [];
  for (const f of FIGURES) {
    const decl = declarationOf(app, f.resource);
    const cols = decl ? tables.get(decl.table) : undefined;
    if (!decl || !cols) {
      out.push({ key: f.key, label: f.label, count: null });
      continue;
    }
    try {
      let q = db.selectFrom(decl.table).select(sql<number>`count(*)`.as('n'));
      if (f.dateField && cols.has(f.dateField)) {
        if (s.startTime) q = q.where(f.dateField, '>=', s.startTime);
        if (s.endTime) q = q.where(f.dateField, '<=', s.endTime);
      }
      if (f.notNull) q = cols.has(f.notNull) ? q.where(f.notNull, 'is not', null) : q.where(sql<SqlBool>`1 = 0`);
      if (f.where && cols.has(f.where[0])) q = q.where(f.where[0], '=', f.where[1]);
      const own = decl.ownership;
      if (own && cols.has(own.department) && cols.has(own.creator)) q = applyScope(q, await scopeRule(db, user, decl));
      const row = (await q.executeTakeFirst()) as Row | undefined;
      out.push({ key: f.key, label: f.label, count: Number(row?.n ?? 0) });
    } catch (error) {
      request.log.warn({ err: error, figure: f.key }, 'statistics figure unavailable');
      out.push({ key: f.key, label: f.label, count: null });
    }
  }
  return out;
}
