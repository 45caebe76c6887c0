import { DynamicReferenceBuilder, RawNode, sql, type AliasedExpression, type DialectAdapter, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SimpleReferenceExpressionNode } from 'kysely';
import type { FieldDecl, ResourceDecl } from '../../resources/types.js';
import { invalidValue } from '../http/errors.js';
import { isBlank } from '../http/params.js';
import { DATE_RE, normaliseDateTime } from '../util/time.js';

export const PAGE_SIZE_MAX = 200;
/** Pages beyond this are answered as this one (empty): keeps the offset a small, safe integer on both databases. */
export const PAGE_NUM_MAX = 100_000;
/** Longest text a contains-filter takes; longer is refused (LIKE patterns grow with the text). */
export const FILTER_TEXT_MAX = 200;
/** Most values an `in` filter takes. */
export const FILTER_LIST_MAX = 500;

export interface Paging {
  pageNum: number;
  pageSize: number;
}

function positiveInt(v: unknown, fallback: number): number {
  const n = Number(v);
  return isBlank(v) || !Number.isInteger(n) || n < 1 ? fallback : n;
}

/** `pageNum` (or `pageNumber`) from 1, capped at PAGE_NUM_MAX; `pageSize` default 10, capped at 200. */
export function readPaging(search: Record<string, unknown>): Paging {
  return {
    pageNum: Math.min(positiveInt(search.pageNum ?? search.pageNumber, 1), PAGE_NUM_MAX),
    pageSize: Math.min(positiveInt(search.pageSize, 10), PAGE_SIZE_MAX),
  };
}

/** A declared sortable field, else the default sort. */
export function readSort(decl: ResourceDecl, search: Record<string, unknown>): { field: string; order: 'asc' | 'desc' } {
  const field = typeof search.sortField === 'string' ? search.sortField : '';
  const orderText = typeof search.sortOrder === 'string' ? search.sortOrder.toUpperCase() : '';
  if (field && decl.list.sortable.includes(field)) {
    const chosen = orderText === 'DESC' || orderText === 'ASC' ? orderText : (decl.list.chosenOrder ?? 'ASC');
    return { field, order: chosen === 'DESC' ? 'desc' : 'asc' };
  }
  const order = orderText === 'ASC' || orderText === 'DESC' ? orderText : decl.list.defaultSort.order;
  return { field: decl.list.defaultSort.field, order: order === 'DESC' ? 'desc' : 'asc' };
}

function eqValue(field: FieldDecl | undefined, v: unknown): unknown {
  if (!field) return v;
  const numeric = field.type === 'number' || field.type === 'reference' || (field.type === 'enum' && field.options?.every((o) => typeof o.value === 'number'));
  if (!numeric) {
    if (typeof v === 'number') return String(v);
    if (typeof v !== 'string' || v.length > FILTER_TEXT_MAX) throw invalidValue(`${field.label}格式不正确`);
    return v;
  }
  const n = Number(v);
  if (typeof v === 'object' || !Number.isFinite(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) throw invalidValue(`${field.label}必须是数字`);
  return n;
}

export function rangeBound(field: FieldDecl | undefined, v: unknown, end: boolean): string | number {
  const label = field?.label ?? '时间';
  if (field?.type === 'number') {
    // A number range (years, amounts): a number within the field's bounds.
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : NaN;
    if (!Number.isFinite(n)) throw invalidValue(`${label}必须是数字`);
    return n;
  }
  const text = typeof v === 'string' ? v.trim() : '';
  if (field?.type === 'date') {
    if (!DATE_RE.test(text)) throw invalidValue(`${label}格式应为YYYY-MM-DD`);
    return text;
  }
  // A date without a time as the end includes that whole day.
  if (end && DATE_RE.test(text)) return `${text} 23:59:59`;
  const full = normaliseDateTime(text);
  if (!full) throw invalidValue(`${label}格式应为YYYY-MM-DD或YYYY-MM-DD HH:mm:ss`);
  return full;
}

/** `onlyOptions`: a value that is none of the enum's options answers the save's 1002 message. */
export function onlyOptions(field: FieldDecl | undefined, value: unknown) {
  const options = field?.options ?? [];
  if (field && !options.some((o) => String(o.value) === String(value).trim())) {
    throw invalidValue(`${field.label}的值无效，可选值：${options.map((o) => `${o.value}（${o.label}）`).join('、')}`);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;

/** The declared filters of a search body; empty strings and empty arrays filter nothing. */
export function applyFilters<Q extends AnySelect>(query: Q, decl: ResourceDecl, search: Record<string, unknown>): Q {
  let q: AnySelect = query;
  for (const filter of decl.list.filters) {
    const field = decl.fields.find((f) => f.name === filter.field);
    // A virtual field has no column, a `byHook` filter no plain rule: the behaviour's listWhere answers them.
    if (field?.compute || filter.byHook) continue;
    if (filter.op === 'range') {
      const [startName, endName] = filter.params ?? ['startTime', 'endTime'];
      const start = search[startName];
      const end = search[endName];
      if (!isBlank(start)) q = q.where(filter.field, '>=', rangeBound(field, start, false));
      if (!isBlank(end)) q = q.where(filter.field, '<=', rangeBound(field, end, true));
      continue;
    }
    const value = isBlank(search[filter.field]) ? filter.blankMeans : search[filter.field];
    if (isBlank(value)) continue;
    if (filter.op === 'like') {
      if (typeof value !== 'string' && typeof value !== 'number') throw invalidValue(`${field?.label ?? filter.field}格式不正确`);
      if (String(value).length > FILTER_TEXT_MAX) throw invalidValue(`${field?.label ?? filter.field}过长，最多${FILTER_TEXT_MAX}个字符`);
      const escaped = String(value).trim().replace(/[\\%_]/g, (c) => `\\${c}`);
      const pattern = `%${escaped}%`;
      q = q.where((eb: AnyEb) => eb.or([filter.field, ...(filter.orFields ?? [])].map((name) => sql<boolean>`${sql.ref(name)} like ${pattern} escape '\\'`)));
    } else if (Array.isArray(value) || (filter.commaList && typeof value === 'string' && value.includes(','))) {
      const values: unknown[] = Array.isArray(value) ? value : value.split(',').filter((v) => v.trim() !== '');
      if (values.length > FILTER_LIST_MAX) throw invalidValue(`${field?.label ?? filter.field}最多${FILTER_LIST_MAX}项`);
      if (filter.commaList && filter.onlyOptions) for (const v of values) onlyOptions(field, v);
      q = q.where(filter.field, 'in', values.map((v) => eqValue(field, v)));
    } else {
      if (filter.onlyOptions) onlyOptions(field, value);
      q = q.where(filter.field, '=', eqValue(field, value));
    }
  }
  return q as Q;
}

/** A column reference parsed once (Kysely parses a string reference anew on every query: session 30). */
class KeptRef extends DynamicReferenceBuilder<string> {
  readonly #node: SimpleReferenceExpressionNode;
  constructor(reference: string) {
    super(reference);
    this.#node = super.toOperationNode();
  }
  override toOperationNode(): SimpleReferenceExpressionNode {
    return this.#node;
  }
}

const keptRefs = new WeakMap<readonly string[], KeptRef[]>();
/** The columns as references parsed once per list of names (a declaration's own list, kept by the caller). */
export function keptColumns(names: readonly string[]): KeptRef[] {
  let refs = keptRefs.get(names);
  if (!refs) keptRefs.set(names, (refs = names.map((n) => new KeptRef(n))));
  return refs;
}

const keptJoins = new WeakMap<ResourceDecl, AliasedExpression<unknown, string>[]>();
/** The declared joins' subqueries, built once per declaration (immutable: every query may share them). */
function joinSelections(decl: ResourceDecl): AliasedExpression<unknown, string>[] {
  let out = keptJoins.get(decl);
  if (out) return out;
  out = (decl.list.joins ?? []).map((j) =>
    j.count
      ? // An integer on both databases (PostgreSQL's count is a bigint, answered as text).
        sql`(select cast(count(*) as integer) from ${sql.table(j.table)} where ${sql.ref(`${j.table}.${j.key ?? 'id'}`)} = ${sql.ref(`${decl.table}.${j.on}`)})`.as(j.name)
      : sql`(select ${sql.ref(`${j.table}.${j.column}`)} from ${sql.table(j.table)} where ${sql.ref(`${j.table}.${j.key ?? 'id'}`)} = ${sql.ref(`${decl.table}.${j.on}`)} limit 1)`.as(j.name),
  );
  keptJoins.set(decl, out);
  return out;
}

/** The declared joins as correlated subqueries: one value per record, no ambiguity in filters and sort. */
export function withJoins<Q extends AnySelect>(query: Q, decl: ResourceDecl): Q {
  const joins = joinSelections(decl);
  return (joins.length ? query.select(joins) : query) as Q;
}

/** A selection written once as SQL text: the compiler copies a raw node's text as it is. */
class RenderedSelection extends DynamicReferenceBuilder<string> {
  readonly #node: RawNode;
  constructor(text: string) {
    super('rendered');
    this.#node = RawNode.createWithSql(text);
  }
  override toOperationNode(): SimpleReferenceExpressionNode {
    return this.#node as unknown as SimpleReferenceExpressionNode;
  }
}

const rendered = new WeakMap<DialectAdapter, WeakMap<ResourceDecl, RenderedSelection | null>>();

/**
 * The listed columns (`names`, the declaration's own list) and the declared joins selected on `query`, as the
 * text Kysely writes for them, rendered once per declaration and dialect: Kysely otherwise visits some 200
 * nodes per list page to write the same text again (session 31). The SQL is the same either way.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function selectListed<Q extends AnySelect>(db: Kysely<any>, query: Q, decl: ResourceDecl, names: readonly string[]): Q {
  const adapter = db.getExecutor().adapter;
  let byDecl = rendered.get(adapter);
  if (!byDecl) rendered.set(adapter, (byDecl = new WeakMap()));
  let selection = byDecl.get(decl);
  if (selection === undefined) {
    const probe = withJoins(db.selectFrom(decl.table).select(keptColumns(names)), decl).compile();
    const from = probe.sql.lastIndexOf(' from ');
    // Only a selection without parameters, in the expected form; anything else is selected as before.
    selection = probe.parameters.length === 0 && probe.sql.startsWith('select ') && from > 7 ? new RenderedSelection(probe.sql.slice(7, from)) : null;
    byDecl.set(decl, selection);
  }
  return (selection ? query.select(selection) : withJoins(query.select(keptColumns(names)), decl)) as Q;
}
