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
  const learned = useRef({ width: 0, deficit: 0 });
  const measure = useCallback(() => {
    const box = ref.current;
    const head = box?.querySelector('thead tr');
    // Not laid out (hidden, or a test without layout): nothing to fold.
    if (!box || !head || !box.clientWidth) return;
    const shown = plan.filter((c) => head.querySelector(`th.column-${CSS.escape(c.source)}`));
    const own = ['th.MuiTableCell-paddingCheckbox', 'th:last-of-type']
      .map((s) => (head.querySelector(s) as HTMLElement | null)?.offsetWidth ?? 0)
      .reduce((a, b) => a + b, 0);
    // What the plan cannot see (a row of several steps, a chip wider than its column's need): the table's
    // own overflow at this width, learned once and kept until the box's width changes, so folding the
    // columns that remove it does not unfold them again on the next measure.
    if (learned.current.width !== box.clientWidth) learned.current = { width: box.clientWidth, deficit: 0 };
    const table = box.querySelector('table');
    const overflow = table ? table.scrollWidth - box.clientWidth : 0;
    if (overflow > 0) learned.current.deficit += overflow;
    const available = box.clientWidth - own - learned.current.deficit;
    let next = columnsToFold(shown, available);
    if (next.length) next = columnsToFold(shown, available - EXPAND);
    setFolded((old) => (old.join() === next.join() ? old : next));
  }, [plan]);
  // The box may appear later (after the list's loading state): watch whichever box is there now.
  const watched = useRef<{ box: HTMLElement; observer: ResizeObserver } | null>(null);
  const latest = useRef(measure);
  useLayoutEffect(() => {
    latest.current = measure;
    measure();
    const box = ref.current;
    if (watched.current?.box === box || typeof ResizeObserver === 'undefined') return;
    watched.current?.observer.disconnect();
    watched.current = null;
    if (!box) return;
    const observer = new ResizeObserver(() => latest.current());
    observer.observe(box);
    watched.current = { box, observer };
  });
  useEffect(() => () => watched.current?.observer.disconnect(), []);
  return { ref, folded };
}
