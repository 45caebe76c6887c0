import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import articleDecl, { ARTICLE_TRANSITIONS, ESSAY_FLAGS, articleStatusLabel, type ArticleTransition } from '../../../../resources/article.js';
import { readChildTree } from '../../../crud/childTree.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { scopeExpression, scopeRule } from '../../../auth/dataScope.js';
import { modelOfColumn, readFieldValues } from '../contentModels/service.js';
import { dynamic, type Db, type Row, type RowOf } from '../../../db/types.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { firstIds } from '../../../http/params.js';
import type { PortalUser } from '../../../http/fastifyTypes.js';
import { columnTitlesKept, descendantIds, findColumn, loadColumnsKept, userColumnIds, type ColumnRow } from '../columns/service.js';
import { sanitizeArticleHtml } from '../../../shared/articleHtml.js';
import { plainText } from '../../../shared/text.js';

/** The sensitive-word hits and the review history, declared child collections (resources/article.ts). */
const childOf = (name: string) => articleDecl.children!.find((c) => c.name === name)!;

export const REVIEW_KEYS = ['article:accept', 'article:approve', 'article:reject'] as const;
const CONTENT_MAX = 500_000;

export { ARTICLE_PUBLIC_FIELDS as PUBLIC_COLUMNS } from '../../../../resources/article.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;
export type AccessFilter = (eb: AnyEb) => Expression<SqlBool>;

/** ',1,3,' ⇄ [1, 3]. */
export function parseFlags(raw: unknown): number[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const parts = Array.isArray(raw) ? raw : String(raw).split(',');
  const out = new Set<number>();
  for (const p of parts) {
    if (p === '' || p === null || p === undefined) continue;
    const n = Number(typeof p === 'string' ? p.trim() : p);
    if (!ESSAY_FLAGS.some((f) => f.value === n)) throw invalidValue(`文章属性无效，可选值：${ESSAY_FLAGS.map((f) => `${f.value}（${f.label}）`).join('、')}`);
    out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}
export const storeFlags = (flags: readonly number[]) => (flags.length ? `,${flags.join(',')},` : '');

/** A stored row as the API answers it: numbers as numbers, flags as a list. */
export function toApi(row: Row, columnTitles?: ReadonlyMap<number, string>): Row {
  const out: Row = { ...row };
  for (const k of ['articleId', 'columnId', 'status', 'sort', 'hits', 'imported', 'deptId', 'creatorId']) {
    if (out[k] !== undefined && out[k] !== null) out[k] = Number(out[k]);
  }
  if ('flags' in out) out.flags = parseFlags(String(out.flags ?? '').replace(/^,|,$/g, ''));
  if (out.status !== undefined) out.statusName = articleStatusLabel(out.status);
  if (columnTitles && out.columnId !== undefined) out.columnTitle = columnTitles.get(Number(out.columnId)) ?? '';
  return out;
}

/** Column titles by id (kept per article-list counter within a request: columns/service.ts); not to be changed. */
export function columnTitleMap(db: Db): Promise<ReadonlyMap<number, string>> {
  return columnTitlesKept(db);
}

export const isReviewer = (user: PortalUser) => REVIEW_KEYS.some((k) => user.permissions.has(k));

/**
 * What a user may see and act on: the data scope of their roles (department / own records), plus,
 * for reviewers, every article of the columns granted to their roles (/column/role/save).
 */
export async function accessFilter(db: Db, user: PortalUser, decl: ResourceDecl, purpose: 'read' | 'own' = 'read'): Promise<AccessFilter> {
  const rule = await scopeRule(db, user, decl);
  if (rule.kind === 'all') return () => sql<SqlBool>`1 = 1`;
  // Editing, deleting and withdrawing ('own') go by the data scope only; reading and reviewing add the granted columns.
  const cols = purpose === 'read' && isReviewer(user) ? await userColumnIds(db, user) : [];
  if (cols === null) return () => sql<SqlBool>`1 = 1`;
  return (eb) => (cols.length ? eb.or([scopeExpression(eb, rule), eb(eb.ref('columnId'), 'in', cols)]) : scopeExpression(eb, rule));
}

/** One article inside the caller's access, or 1003. */
export async function loadArticle(db: Db, access: AccessFilter, id: number): Promise<RowOf<'article'>> {
  const row = await db.selectFrom('article').selectAll().where('articleId', '=', id).where(access).executeTakeFirst();
  if (!row) throw notFoundRecord();
  return row;
}

/** `{ ids: [] }`, `?ids=1,2`, `{ articleIds }`, `{ articleId }`, `{ id }`: at most 200 (the shared helper). */
export const readArticleIds = (query: Row, body: Row): number[] => firstIds(query, body, ['ids', 'articleIds', 'articleId', 'id'], { count: 200, message: '一次最多处理200篇文章' });

// One id among several names, the body's before the query's: the shared helper.
export { firstId as readOneId } from '../../../http/params.js';

export function readOpinion(query: Row, body: Row, required: boolean): string | null {
  const raw = body.opinion ?? body.remark ?? body.reason ?? query.opinion;
  const text = typeof raw === 'string' ? plainText(raw, 'input') : raw === undefined || raw === null ? '' : String(raw);
  if (!text && required) throw missingParam('opinion');
  if ([...text].length > 500) throw invalidValue('审核意见长度不能超过500个字符');
  return text || null;
}

/** The parts of a save body the field rules do not take: the body text, flags, the requested state, model values. */
export interface ArticleBodyParts {
  /** The body, sanitised (undefined: not sent). */
  readonly content?: string;
  readonly flags?: number[];
  /** 3 keep editing, 4 submit for review, 5 publish (save/admin only). */
  readonly status?: number;
  readonly modelFields?: unknown;
  /** The declared fields left for the field rules (categoryId read as columnId). */
  readonly rest: Row;
}

/** Splits a save body (create or update): content sanitised, flags parsed, the state checked. */
export function splitArticleBody(body: Row): ArticleBodyParts {
  const { content, flags, categoryId, status, modelFields, ...rest } = body;
  if (rest.columnId === undefined && categoryId !== undefined) rest.columnId = categoryId;
  let clean: string | undefined;
  if (content !== undefined) {
    if (content !== null && typeof content !== 'string') throw invalidValue('正文必须是文本');
    clean = content ? sanitizeArticleHtml(content) : '';
    if (clean.length > CONTENT_MAX) throw invalidValue(`正文长度不能超过${CONTENT_MAX}个字符`);
  }
  let state: number | undefined;
  if (status !== undefined && status !== null && status !== '') {
    state = Number(status);
    if (![3, 4, 5].includes(state)) throw invalidValue('保存时状态只能是3（编辑中）、4（提交审核）或5（直接发布）');
  }
  return { content: clean, flags: flags === undefined ? undefined : parseFlags(flags), status: state, modelFields, rest };
}

/** An article as its detail answers it: the row, its model values and model, the review history, the sensitive-word hits. */
export async function articleDetail(db: Db, row: Row): Promise<Row> {
  const titles = await columnTitleMap(db);
  const id = Number(row.articleId);
  const model = await modelOfColumn(db, Number(row.columnId));
  return {
    ...toApi(row, titles),
    modelFields: model ? await readFieldValues(db, model, id) : {},
    model: model ? { cmId: model.cmId, cmTipsName: model.cmTipsName, fields: model.fields } : null,
    flowList: await readChildTree(dynamic(db), childOf('flowList'), [id]),
    sensitiveHits: await readChildTree(dynamic(db), childOf('sensitiveHits'), [id]),
  };
}

/** Rules that span fields: jump flag needs a URL, picture flag needs a thumbnail. */
export function checkArticleRules(merged: Row, flags: readonly number[]): void {
  if (flags.includes(5) && !merged.jumpUrl) throw invalidValue('文章属性包含“跳转”时必须填写跳转链接');
  if (flags.includes(1) && !merged.thumbnail) throw invalidValue('文章属性包含“图片”时必须上传缩略图');
}

/** The target column must exist and take articles; with `granted`, it must be one of the user's. */
export async function checkTargetColumn(db: Db, user: PortalUser, columnId: number, restrictToGranted: boolean): Promise<ColumnRow> {
  const column = await findColumn(db, columnId);
  if (!column) throw invalidValue('栏目不存在');
  if (column.columnType === 3) throw invalidValue(`栏目“${column.categoryTitle}”是外链栏目，不能添加文章`);
  if (restrictToGranted) {
    const granted = await userColumnIds(db, user);
    if (granted !== null && !granted.includes(columnId)) throw invalidValue(`您没有栏目“${column.categoryTitle}”的发布权限`);
  }
  return column;
}

/** 1005 unless the step may start from the article's state (and the caller holds its key). */
export function assertTransition(step: ArticleTransition, status: number, label?: string): void {
  const t = ARTICLE_TRANSITIONS[step];
  if (!t.from.includes(status)) {
    throw new PortalError(1005, `当前状态为${articleStatusLabel(status)}，不能执行“${label ?? t.label}”`);
  }
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function dateBound(v: unknown, end: boolean, name: string): string {
  const text = typeof v === 'string' ? v.trim() : '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return end ? `${text} 23:59:59` : `${text} 00:00:00`;
  if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(text)) return text.replace('T', ' ').padEnd(19, ':00').slice(0, 19);
  throw invalidValue(`${name}格式应为YYYY-MM-DD或YYYY-MM-DD HH:mm:ss`);
}

/**
 * The column (with its sub-columns when asked), title, attribute ("contains") and date (publish-or-create
 * time) filters of a search, as conditions: the listWhere of the admin list and of the public lists (declared reads).
 */
export async function articleConditions(db: Db, search: Row, columnsWithSub: boolean, columns?: readonly ColumnRow[]): Promise<AccessFilter[]> {
  const out: AccessFilter[] = [];
  const col = search.columnId ?? search.categoryId;
  if (!isBlank(col)) {
    const id = Number(col);
    if (!Number.isSafeInteger(id) || id <= 0) throw invalidValue('参数格式不正确：columnId');
    const ids = columnsWithSub ? descendantIds(columns ?? (await loadColumnsKept(db)), id) : [id];
    out.push((eb) => eb(eb.ref('columnId'), 'in', ids));
  }
  if (!isBlank(search.title)) {
    const escaped = String(search.title).trim().replace(/[\\%_]/g, (c) => `\\${c}`);
    out.push(() => sql<SqlBool>`${sql.ref('title')} like ${`%${escaped}%`} escape '\\'`);
  }
  if (!isBlank(search.flag)) {
    const flag = parseFlags([search.flag])[0];
    out.push((eb) => eb(eb.ref('flags'), 'like', `%,${flag},%`));
  }
  const dateExpr = sql`coalesce(${sql.ref('publishTime')}, ${sql.ref('createTime')})`;
  if (!isBlank(search.startTime)) {
    const from = dateBound(search.startTime, false, '开始时间');
    out.push(() => sql<SqlBool>`${dateExpr} >= ${from}`);
  }
  if (!isBlank(search.endTime)) {
    const to = dateBound(search.endTime, true, '结束时间');
    out.push(() => sql<SqlBool>`${dateExpr} <= ${to}`);
  }
  return out;
}

/** The states a user can act on in the review queue. */
export function todoStates(user: PortalUser): number[] {
  const s = new Set<number>();
  if (user.permissions.has('article:accept') || user.permissions.has('article:reject')) s.add(4);
  if (user.permissions.has('article:approve') || user.permissions.has('article:reject')) s.add(6);
  return [...s];
}
