import type { ColumnLayout, FieldDecl, FieldType, ResourceDecl } from '../../../resources/types';

/**
 * Column priority and width (issue 23): what each list column needs, from its declaration
 * (`list.columnLayout`) or from its field type, and which columns fold when the table's box is too narrow
 * to give every column its need. Plain functions, so the rule is tested without a browser.
 */
export interface ColumnPlan {
  readonly source: string;
  readonly priority: 1 | 2 | 3;
  /** Fixed width in px; absent: the column shares what the fixed ones leave. */
  readonly width?: number;
  /** The least a flexible column is given before something folds. */
  readonly minWidth: number;
}

/** Widths that hold the values the server sends (cell padding included): dates, times, chips, counts. */
const TYPE_WIDTH: Partial<Record<FieldType, number>> = {
  date: 112,
  datetime: 172,
  enum: 104,
  dict: 104,
  number: 88,
  image: 88,
};
const TITLE_MIN = 220;
const TEXT_MIN = 96;

function defaults(field: FieldDecl | undefined, isTitle: boolean): Required<Omit<ColumnLayout, 'width'>> & { width?: number } {
  if (isTitle) return { priority: 1, minWidth: TITLE_MIN };
  const width = field ? TYPE_WIDTH[field.type] : undefined;
  // Links and files are the first to go: their text is long and their place is the show view.
  const priority = field && (field.type === 'url' || field.type === 'file') ? 3 : 2;
  return { priority, width, minWidth: width ?? TEXT_MIN };
}

/** The plan of each listed column, in list order. */
export function columnPlan(decl: ResourceDecl, columns: readonly string[] = decl.list.columns): ColumnPlan[] {
  return columns.map((source) => {
    const field = decl.fields.find((f) => f.name === source);
    const base = defaults(field, source === decl.titleField);
    const own = decl.list.columnLayout?.[source] ?? {};
    const width = own.width ?? (own.minWidth ? undefined : base.width);
    return { source, priority: own.priority ?? base.priority, width, minWidth: own.minWidth ?? width ?? base.minWidth };
  });
}

const need = (plan: readonly ColumnPlan[]) => plan.reduce((sum, c) => sum + (c.width ?? c.minWidth), 0);

/**
 * The columns to fold so the others get their need within `available` px: the lowest priority first,
 * the rightmost of a priority first; priority 1 never folds.
 */
export function columnsToFold(plan: readonly ColumnPlan[], available: number): string[] {
  const kept = [...plan];
  const folded: string[] = [];
  while (need(kept) > available) {
    let victim = -1;
    kept.forEach((c, i) => {
      if (c.priority > 1 && (victim < 0 || c.priority >= kept[victim]!.priority)) victim = i;
    });
    if (victim < 0) break;
    folded.push(kept[victim]!.source);
    kept.splice(victim, 1);
  }
  return folded;
}

/** Cell rules of the plan for a Datagrid's sx: fixed widths, flexible minimums, folded columns hidden. */
export function columnSx(plan: readonly ColumnPlan[], folded: readonly string[]): Record<string, object> {
  const sx: Record<string, object> = {};
  for (const c of plan) {
    const cls = `column-${c.source.replace(/[^\w-]/g, (ch) => `\\${ch}`)}`;
    const cells = `& th.${cls}, & td.${cls}`;
    // !important: the theme's fitting rule (components/list/fit.ts) gives every text cell max-width 0.
    if (folded.includes(c.source)) sx[cells] = { display: 'none' };
    else if (c.width) sx[cells] = { width: `${c.width}px !important`, minWidth: `${c.width}px !important`, maxWidth: `${c.width}px !important` };
    else sx[cells] = { minWidth: `${c.minWidth}px !important` };
  }
  return sx;
}
