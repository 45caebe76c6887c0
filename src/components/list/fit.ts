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

/** Table cells on one line; long text cut with an ellipsis (the action cell, last, is never cut). */
export const FIT_TABLE_SX = {
  '& td, & th': { whiteSpace: 'nowrap' },
  '& td': { maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' },
  '& td:last-of-type': { maxWidth: 'none', overflow: 'visible' },
  // Row actions with an icon show the icon only (their aria-label names them; the title shows it).
  '& td:last-of-type .MuiButton-root:has(.MuiButton-startIcon)': { minWidth: 0, fontSize: 0, px: 0.75 },
  '& td:last-of-type .MuiButton-root .MuiButton-startIcon': { m: 0 },
  '& td:last-of-type .MuiButton-root:not(:has(.MuiButton-startIcon))': { minWidth: 0, px: 0.75 },
} as const;
