import articleDecl from '../../../resources/article';
import { dataProvider } from '../../data';

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
  userColumns: () => dataProvider.callExtra<ColumnRow[]>('column', 'userList'),
  columnTree: () => dataProvider.callExtra<ColumnRow[]>('column', 'tree'),
  detection: (parts: { title?: unknown; summary?: unknown; content?: unknown }) =>
    dataProvider.callExtra<{ hits: SensitiveHit[]; blocked: boolean }>('article', 'detection', { body: parts }),
  sensitiveList: (articleId: number) => dataProvider.callExtra<(SensitiveHit & { id: number })[]>('article', 'sensitiveList', { query: { articleId }, required: ['articleId'] }),
  fieldsOf: (columnId: number, basicId?: number) =>
    dataProvider.callExtra<{ model: { cmId: number; cmTipsName: string } | null; fields: ModelField[]; values: Record<string, unknown> }>('article', 'fieldOverwrite', {
      query: { columnId, basicId },
      required: ['columnId'],
    }),
  /** A workflow step: a declared action of the article (accept, approve, reject) or one of its `api.extra` steps. */
  step: (step: { via: 'action' | 'extra'; name: string }, ids: number[], opinion?: string) =>
    step.via === 'action'
      ? dataProvider.runAction<number>('article', step.name, { ids, body: opinion ? { opinion } : {} })
      : dataProvider.callExtra<number>('article', step.name, { body: { ids, ...(opinion ? { opinion } : {}) } }),
  relevantList: (id: number) =>
    dataProvider.callExtra<{ id: number; relevantId: number; title: string; statusName: string; columnTitle: string }[]>('article', 'relevantList', { body: { id } }),
  relevantSave: (articleId: number, relevantIds: number[]) => dataProvider.callExtra('article', 'relevantSave', { body: { articleId, relevantIds } }),
  relevantDelete: (id: number) => dataProvider.callExtra('article', 'relevantDelete', { body: { id } }),
  searchArticles: (title: string) =>
    // The declared list call with the title as typed (getList would drop an empty one and reorder the body).
    dataProvider.call<{ list: { articleId: number; title: string; statusName: string; columnTitle: string }[] }>(articleDecl.api.list, { body: { title, pageNum: 1, pageSize: 10 } }),
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
