/** Shapes of the generation module's answers (server/modules/generation) as the 静态生成 screen reads them. */
export interface ColumnNode {
  categoryId: number;
  categoryTitle: string;
  columnType: number;
  children?: ColumnNode[];
}

export interface GenerateResult {
  pages: number;
  paths: string[];
  removed?: number;
  assets?: number;
}

/** GET /api/generate/progress: the latest background run (full site or articles). */
export interface RunStatus {
  running: boolean;
  done: number;
  total: number;
  pages: number;
  paths: string[];
  error: string | null;
}

/** What one press of a generate button ended with. */
export interface Outcome {
  title: string;
  pages: number;
  paths: string[];
  failed: string[];
}

/** A run in progress: its label and, when known, how far it got. */
export interface Busy {
  label: string;
  done: number;
  total: number;
}

export interface ColumnOption {
  id: number;
  label: string;
  depth: number;
  type: number;
}

/** The column tree flattened for a select, with the depth for indentation. External links take no pages. */
export function flattenColumns(nodes: readonly ColumnNode[], depth = 0): ColumnOption[] {
  const out: ColumnOption[] = [];
  for (const n of nodes) {
    out.push({ id: Number(n.categoryId), label: n.categoryTitle, depth, type: Number(n.columnType) });
    if (n.children?.length) out.push(...flattenColumns(n.children, depth + 1));
  }
  return out;
}

export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
