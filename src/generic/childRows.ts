import { inState } from '../../resources/behaviour';
import type { ChildDecl } from '../../resources/relations/children';
import { formChildren } from '../../resources/relations/childForm';
import type { Row } from './plainTypes';

/**
 * The values behind a child collection edited in its record's form (ChildDecl `form`;
 * src/generic/ChildRowsInput.tsx): new rows, the order written as the position, what is shown.
 */

/** A new row: each input's default (else ''), and the least rows of each nested collection. */
export function newRow(child: ChildDecl): Row {
  const row: Row = Object.fromEntries((child.form?.fields ?? []).map((f) => [f.name, f.default ?? '']));
  for (const sub of formChildren(child)) row[sub.name] = Array.from({ length: sub.form?.min ?? 0 }, () => newRow(sub));
  return row;
}

/** The rows a new record starts with. */
export const startRows = (child: ChildDecl): Row[] => Array.from({ length: child.form?.min ?? 0 }, () => newRow(child));

/** The rows after an edit: the first `orderBy` field, when it is no input, holds each row's position from 1. */
export function renumber(child: ChildDecl, rows: readonly Row[]): Row[] {
  const order = child.orderBy?.[0];
  if (!order || child.form?.fields.some((f) => f.name === order)) return [...rows];
  return rows.map((r, i) => (r[order] === i + 1 ? r : { ...r, [order]: i + 1 }));
}

export { formChildren, rowHeading } from '../../resources/relations/childForm';

/** Whether the record's rows may change (`editableWhen`; a new record's always may). */
export const rowsEditable = (child: ChildDecl, record: Row | undefined) => !record || inState(record, child.form?.editableWhen);

/** Whether a nested collection shows under this parent row (`shownWhen`). */
export const shownUnder = (sub: ChildDecl, parent: Row) => inState(parent, sub.form?.shownWhen);
