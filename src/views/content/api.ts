import { http } from '../../portal';

export interface ColumnRow {
  categoryId: number;
  categoryTitle: string;
  categoryCategoryId: number;
  columnType: number;
  categorySort: number;
  columnContentModelId: number | null;
  columnPath: string | null;
  granted?: boolean;
  children?: ColumnRow[];
  [key: string]: unknown;
}

export interface SensitiveHit {
  wordId: number;
  word: string;
  level: number;
  levelName: string;
  field: string;
  context: string;
  count: number;
}

export interface FlowEntry {
  id: number;
  action: string;
  actionName: string;
  fromStatus: number | null;
  toStatus: number | null;
  fromStatusName: string;
  toStatusName: string;
  opinion: string | null;
  userName: string;
  createTime: string;
}

export interface ModelField {
  fieldId: number;
  fieldTipsName: string;
  fieldFieldName: string;
  fieldType: number;
  fieldOptions: string[];
  fieldRequired: number;
  fieldSort: number;
  fieldDefault: string | null;
}

export const contentApi = {
  userColumns: () => http.request<ColumnRow[]>({ path: '/column/role/user/list', method: 'GET' }),
  columnTree: () => http.request<ColumnRow[]>({ path: '/column/tree', method: 'GET' }),
  detection: (parts: { title?: unknown; summary?: unknown; content?: unknown }) =>
    http.request<{ hits: SensitiveHit[]; blocked: boolean }>({ path: '/api/article/detection', body: parts }),
  sensitiveList: (articleId: number) => http.request<(SensitiveHit & { id: number })[]>({ path: '/api/article/articleSensitiveList', query: { articleId }, required: ['articleId'] }),
  fieldsOf: (columnId: number, basicId?: number) =>
    http.request<{ model: { cmId: number; cmTipsName: string } | null; fields: ModelField[]; values: Record<string, unknown> }>({
      path: '/api/article/queryFieldOverwrite',
      method: 'GET',
      query: { columnId, basicId },
      required: ['columnId'],
    }),
  step: (path: string, ids: number[], opinion?: string) => http.request<number>({ path, body: { ids, ...(opinion ? { opinion } : {}) } }),
  relevantList: (id: number) => http.request<{ id: number; relevantId: number; title: string; statusName: string; columnTitle: string }[]>({ path: '/article/relevant/getArticleRelevantList', body: { id } }),
  relevantSave: (articleId: number, relevantIds: number[]) => http.request({ path: '/article/relevant/save', body: { articleId, relevantIds } }),
  relevantDelete: (id: number) => http.request({ path: '/article/relevant/deleteArticleRelevant', body: { id } }),
  searchArticles: (title: string) =>
    http.request<{ list: { articleId: number; title: string; statusName: string; columnTitle: string }[] }>({ path: '/api/article/list', body: { title, pageNum: 1, pageSize: 10 } }),
};

/** Column rows → tree nodes (titles with their type for cover pages and links). */
export function columnLabel(c: ColumnRow): string {
  return c.columnType === 2 ? `${c.categoryTitle}（封面）` : c.columnType === 3 ? `${c.categoryTitle}（外链）` : c.categoryTitle;
}

/** Flat rows → nested rows by categoryCategoryId. */
export function nest(rows: readonly ColumnRow[]): ColumnRow[] {
  const byId = new Map(rows.map((r) => [r.categoryId, { ...r, children: [] as ColumnRow[] }]));
  const roots: ColumnRow[] = [];
  for (const r of byId.values()) {
    const parent = byId.get(r.categoryCategoryId);
    if (parent && parent !== r) parent.children?.push(r);
    else roots.push(r);
  }
  return roots;
}

/** "新闻中心 / 部门动态" for each column id. */
export function columnPaths(rows: readonly ColumnRow[]): Map<number, string> {
  const byId = new Map(rows.map((r) => [r.categoryId, r]));
  const out = new Map<number, string>();
  for (const r of rows) {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let c: ColumnRow | undefined = r; c && !seen.has(c.categoryId); c = byId.get(c.categoryCategoryId)) {
      seen.add(c.categoryId);
      names.unshift(c.categoryTitle);
    }
    out.set(r.categoryId, names.join(' / '));
  }
  return out;
}
