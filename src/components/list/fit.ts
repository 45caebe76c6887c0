import type { MouseEvent } from 'react';

/**
 * Gives a cut (ellipsis) table cell its full text as a tooltip, and an icon-only button its label, the
 * first time the pointer is over it.
 */
export function titleCutCells(e: MouseEvent<HTMLElement>): void {
  const button = (e.target as HTMLElement).closest('button, a');
  const label = button?.getAttribute('aria-label');
  if (button && label && !button.getAttribute('title')) button.setAttribute('title', label);
  const cell = (e.target as HTMLElement).closest('td');
  if (cell && !cell.title && cell.scrollWidth > cell.clientWidth) cell.title = (cell.textContent ?? '').trim();
}

/**
 * Tables that fit their box (issue 23): the table is as wide as its box and never wider; every cell is one
 * line, and the text columns share the width (in proportion to their content, the `max-width: 0` rule of
 * auto-layout tables), cut with an ellipsis (full text as a tooltip, titleCutCells). The selection column
 * keeps its 48 px and the action column (last) its buttons' width, pinned on the right. Tables with text
 * inputs in their cells (report forms) keep their natural widths.
 */
const FITTING = '&:not(:has(td input:not([type="checkbox"]), td textarea))';
export const FIT_TABLE_SX = {
  '& td, & th': { whiteSpace: 'nowrap' },
  '& td': { maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' },
  [FITTING]: { width: '100%' },
  // The selection and row-expansion cells (folded columns, useColumnFold) keep their own width.
  [`${FITTING} td:not(:last-of-type, .MuiTableCell-paddingCheckbox, .RaDatagrid-expandIconCell), ${FITTING} th:not(:last-of-type, .MuiTableCell-paddingCheckbox, .RaDatagrid-expandHeader)`]: {
    maxWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  [`${FITTING} td:last-of-type, ${FITTING} th:last-of-type`]: { width: '1%', position: 'sticky', right: 0, backgroundColor: '#fff', zIndex: 1 },
  // The action cell keeps its buttons on one line, whatever box holds them.
  '& td:last-of-type': { maxWidth: 'none', overflow: 'visible', '& *': { flexWrap: 'nowrap' } },
  // Row actions with an icon show the icon only (their aria-label names them; the title shows it).
  '& td:last-of-type .MuiButton-root:has(.MuiButton-startIcon)': { minWidth: 0, fontSize: 0, px: 0.75 },
  '& td:last-of-type .MuiButton-root .MuiButton-startIcon': { m: 0 },
  '& td:last-of-type .MuiButton-root:not(:has(.MuiButton-startIcon))': { minWidth: 0, px: 0.75 },
} as const;

/** The pager stays in view at the bottom of the window while the rows scroll under it. */
export const STICKY_PAGER_SX = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  backgroundColor: '#fff',
  borderTop: '1px solid rgba(0, 0, 0, 0.12)',
} as const;
