import type { Db, Row } from '../../../db/types.js';
import { invalidValue } from '../../../http/errors.js';
import { formatDateTime } from '../../../util/time.js';
import { descendantIds, loadColumns } from '../columns/service.js';
import { docKeyFrom } from './indexer.js';
import { parseKeyword, type KeywordQuery } from './text.js';
import type { Understood } from './understanding/understand.js';

/** dateType → days back. */
const DATE_TYPES: Record<string, number> = { '0': 7, '1': 30, '2': 90 };
const MAX_KEYWORD = 50;
const MAX_PAGE = 1000;

/** `sortType` (issue 25): absent = today's answer (newest first, the keyword as typed, no extra fields). */
export type SortType = 'relevance' | 'time';

export interface Search {
  keyword: KeywordQuery | null;
  title: KeywordQuery | null;
  titleText: string;
  content: KeywordQuery | null;
  since: string | null;
  /** The same bound as a docKey (both at minute precision, so the two agree). */
  sinceKey: number | null;
  columnIds: number[] | null;
  zwgk: boolean;
  wjType: string;
  wjbh: string;
  year: number | null;
  day: string | null;
  pageNumber: number;
  pageSize: number;
  sort: SortType | null;
  /** With `sortType`: the understood keyword (pinyin, corrections, words and synonyms), replacing `keyword`. */
  smart: Understood | null;
}

export const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
export const text = (v: unknown) => (blank(v) ? '' : String(Array.isArray(v) ? v[0] : v).trim());

function intParam(v: unknown, name: string, fallback: number, min: number, max: number): number {
  if (blank(v)) return fallback;
  const n = Number(text(v));
  if (!Number.isInteger(n) || n < min) throw invalidValue(`参数格式不正确：${name}`);
  return Math.min(n, max);
}

function keywordParam(v: unknown, name: string): KeywordQuery | null {
  const t = text(v);
  if (!t) return null;
  if ([...t].length > MAX_KEYWORD) throw invalidValue(`${name}长度不能超过${MAX_KEYWORD}个字符`);
  return parseKeyword(t);
}

function sortParam(v: unknown): SortType | null {
  const t = text(v).toLowerCase();
  if (!t) return null;
  if (t === 'relevance' || t === 'time') return t;
  throw invalidValue('sortType的值无效，可选值：relevance（按相关度）、time（按时间）');
}

/** esType: empty or `all` = every published article; `zwgk` = disclosure documents; a column id = that column and those below it. */
async function readEsType(db: Db, v: unknown): Promise<{ columnIds: number[] | null; zwgk: boolean }> {
  const t = text(v).toLowerCase();
  if (!t || t === 'all') return { columnIds: null, zwgk: false };
  if (t === 'zwgk') return { columnIds: null, zwgk: true };
  const id = Number(t);
  if (!Number.isSafeInteger(id) || id <= 0) throw invalidValue('esType的值无效，可选值：all（全部）、zwgk（政务公开文件）或栏目ID');
  return { columnIds: descendantIds(await loadColumns(db), id), zwgk: false };
}

function yearParam(v: unknown): number | null {
  if (blank(v)) return null;
  const y = Number(text(v));
  if (!Number.isInteger(y) || y < 1900 || y > 2999) throw invalidValue('year格式应为四位年份，如2026');
  return y;
}

/** The disclosure search's own fields (queryEsArticleZWGK). */
function readZwgk(q: Row, out: Search): void {
  out.titleText = text(q.title);
  out.title = keywordParam(q.title, '标题');
  out.content = keywordParam(q.content, '内容');
  out.wjType = text(q.wjType).slice(0, 50);
  out.wjbh = text(q.wjbh).slice(0, 100);
  out.year = yearParam(q.year);
  if (!blank(q.dataTime)) {
    const d = text(q.dataTime);
    if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(d)) throw invalidValue('dataTime格式应为YYYY-MM-DD');
    out.day = d.slice(0, 10);
  }
}

export async function readSearch(db: Db, q: Row, zwgk: boolean): Promise<Search> {
  const dateType = text(q.dateType);
  if (dateType && !(dateType in DATE_TYPES)) throw invalidValue('dateType的值无效，可选值：0（近7天）、1（近30天）、2（近90天）');
  const days = dateType ? (DATE_TYPES[dateType] as number) : null;
  const es = await readEsType(db, q.esType);
  const sinceMs = days === null ? null : Math.floor((Date.now() - days * 86_400_000) / 60_000) * 60_000;
  const out: Search = {
    keyword: keywordParam(q.keyword, '关键词'),
    title: null,
    titleText: '',
    content: null,
    since: sinceMs === null ? null : formatDateTime(new Date(sinceMs)),
    sinceKey: sinceMs === null ? null : docKeyFrom(sinceMs),
    columnIds: es.columnIds,
    zwgk: zwgk || es.zwgk,
    wjType: '',
    wjbh: '',
    year: null,
    day: null,
    pageNumber: intParam(q.pageNumber ?? q.pageNum, 'pageNumber', 1, 1, MAX_PAGE),
    pageSize: intParam(q.pageSize, 'pageSize', 10, 1, 200),
    sort: sortParam(q.sortType),
    smart: null,
  };
  if (zwgk) readZwgk(q, out);
  else if (out.sort) {
    // The facets' narrowing (year, document type) on the whole-site search: only with sortType (new callers).
    out.year = yearParam(q.year);
    out.wjType = text(q.wjType).slice(0, 50);
  }
  return out;
}
