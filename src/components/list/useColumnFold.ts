import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type ColumnPlan, columnsToFold } from './columns';

/** Width of the row-expansion column that appears when something folds. */
const EXPAND = 48;

/**
 * Which columns of the plan fold in the table inside the returned ref's box: measured whenever the box
 * resizes or the table renders (the selection and action columns keep their own width; the rest is shared).
 */
export function useColumnFold(plan: readonly ColumnPlan[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useState<string[]>([]);
  const measure = useCallback(() => {
    const box = ref.current;
    const head = box?.querySelector('thead tr');
    // Not laid out (hidden, or a test without layout): nothing to fold.
    if (!box || !head || !box.clientWidth) return;
    const shown = plan.filter((c) => head.querySelector(`th.column-${CSS.escape(c.source)}`));
    const own = ['th.MuiTableCell-paddingCheckbox', 'th:last-of-type']
      .map((s) => (head.querySelector(s) as HTMLElement | null)?.offsetWidth ?? 0)
      .reduce((a, b) => a + b, 0);
    const available = box.clientWidth - own;
    let next = columnsToFold(shown, available);
    if (next.length) next = columnsToFold(shown, available - EXPAND);
    setFolded((old) => (old.join() === next.join() ? old : next));
  }, [plan]);
  // The box may appear later (after the list's loading state), and the 操作 column widens when its buttons
  // arrive (each waits for its permission): watch whichever box and table are there now.
  const watched = useRef<{ box: Element; table: Element | null; observer: ResizeObserver } | null>(null);
  const latest = useRef(measure);
  useLayoutEffect(() => {
    latest.current = measure;
    measure();
    const box = ref.current;
    const table = box?.querySelector('table') ?? null;
    if ((watched.current?.box === box && watched.current?.table === table) || typeof ResizeObserver === 'undefined') return;
    watched.current?.observer.disconnect();
    watched.current = null;
    if (!box) return;
    const observer = new ResizeObserver(() => latest.current());
    observer.observe(box);
    if (table) observer.observe(table);
    watched.current = { box, table, observer };
  });
  useEffect(() => () => watched.current?.observer.disconnect(), []);
  return { ref, folded };
}
