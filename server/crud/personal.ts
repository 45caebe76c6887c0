import type { FastifyRequest } from 'fastify';
import type { ResourceDecl } from '../../resources/types.js';
import type { Db, Row } from '../db/types.js';
import { maskRow } from '../shared/mask.js';
import { dropMasked, revealOrMask } from '../shared/sensitiveView.js';

/**
 * Personal-data fields declared once (`personal: 'phone' | 'idNumber'` on a field): the generic routes
 * mask them in lists, show them in full on the detail view only for 查看敏感信息 (logged), and never store
 * a masked value a form sends back. Exports use `maskPersonalRow` too.
 */
export function personalFields(decl: ResourceDecl): { phones: string[]; ids: string[] } {
  return {
    phones: decl.fields.filter((f) => f.personal === 'phone').map((f) => f.name),
    ids: decl.fields.filter((f) => f.personal === 'idNumber').map((f) => f.name),
  };
}

const hasPersonal = (decl: ResourceDecl) => decl.fields.some((f) => f.personal);

/** A row as lists and exports show it: its personal fields masked. */
export function maskPersonalRow(decl: ResourceDecl, row: Row): Row {
  return hasPersonal(decl) ? maskRow(row, personalFields(decl)) : row;
}

/** A page of the list with every row's personal fields masked; the paging figures stay. */
export function maskPersonalPage<P extends { list: readonly Row[] }>(decl: ResourceDecl, page: P): P {
  if (!hasPersonal(decl)) return page;
  // The field names once per page, not once per row.
  const fields = personalFields(decl);
  return { ...page, list: page.list.map((r) => maskRow(r, fields)) };
}

/** The detail view's record: in full for 查看敏感信息 (written to the operation log), masked for others. */
export async function revealPersonal(db: Db, request: FastifyRequest, decl: ResourceDecl, row: Row): Promise<Row> {
  if (!hasPersonal(decl)) return row;
  const log = decl.personalLog ?? { label: decl.label, field: decl.titleField };
  return revealOrMask(db, request, row, personalFields(decl), `${log.label} ${String(row[log.field] ?? row[decl.idField])}`);
}

/** A save body without the masked values a form sent back (the stored numbers stay). */
export function withoutMasked(decl: ResourceDecl, body: Record<string, unknown>): Record<string, unknown> {
  return hasPersonal(decl) ? dropMasked(body, decl.fields.filter((f) => f.personal).map((f) => f.name)) : body;
}
