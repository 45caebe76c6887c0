import type { FastifyInstance } from 'fastify';
import type { ActionDecl, FieldDecl, ListExportDecl, ResourceDecl } from '../../resources/types.js';
import type { WhereData } from '../../resources/behaviour.js';
import type { DynamicDb, Row } from '../db/types.js';
import { currentUser, type PortalUser } from '../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../http/params.js';
import { sendWorkbook, type SheetColumn } from '../shared/excel.js';
import { formatDateTime } from '../util/time.js';
import { sendChildExport } from './childExport.js';
import { responsesExportId, sendResponsesExport, withResponsesParams } from './responses/sheets.js';
import { findRecords } from './entity/localApi.js';
import { readSort } from './listQuery.js';
import { maskPersonalRow } from './personal.js';
import { listSearchSchema } from './schema/searchSchema.js';

/** Most rows one export writes. */
const EXPORT_LIMIT = 10_000;

/** The export's columns: those it names first, then each list column it did not name. */
export function exportColumns(decl: ResourceDecl, spec: ListExportDecl): SheetColumn[] {
  const field = (name: string): FieldDecl | undefined => decl.fields.find((f) => f.name === name);
  const named = (spec.columns ?? []).map((c) => (typeof c === 'string' ? { field: c } : c));
  const seen = new Set(named.map((c) => c.field));
  const all = spec.onlyNamed ? named : [...named, ...decl.list.columns.filter((c) => !seen.has(c)).map((c) => ({ field: c }))];
  return all.map((c: { field: string; header?: string; width?: number }) => {
    const f = field(c.field);
    const options = f?.options;
    // Values as the list shows them: an enum by its label; personal data is masked on the row already.
    const map = options ? (v: unknown) => options.find((o) => String(o.value) === String(v))?.label ?? v : undefined;
    return { header: c.header ?? f?.label ?? c.field, key: c.field, width: c.width ?? (f?.type === 'textarea' ? 40 : 16), mask: false, ...(map ? { map } : {}) };
  });
}

/** The rows the list's search finds, in the list's order and the caller's scope. */
export async function exportRows(db: DynamicDb, decl: ResourceDecl, user: PortalUser, search: Record<string, unknown>, where?: WhereData): Promise<Row[]> {
  const sort = readSort(decl, search);
  const rows = await findRecords(db, decl, user, { search, where, sort: [{ field: sort.field, order: sort.order === 'asc' ? 'ASC' : 'DESC' }], limit: EXPORT_LIMIT });
  return rows.map((r) => maskPersonalRow(decl, r as Row));
}

/** The declared whole-list exports (`export` on an action without `run`): an .xlsx of the list's search. */
export function registerExportRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  for (const action of decl.actions ?? []) {
    const spec = action.export;
    if (!spec || action.run) continue;
    registerExport(app, decl, action, spec);
  }
}

function registerExport(app: FastifyInstance, decl: ResourceDecl, action: ActionDecl, spec: ListExportDecl): void {
  app.route({
    method: action.method ?? 'POST',
    url: action.path,
    schema: { summary: `${decl.label}：${action.label}`, tags: [decl.label], 'x-permission': action.permission, body: withResponsesParams(listSearchSchema(decl), decl, spec.responses) } as Record<string, unknown>,
    attachValidation: true,
    config: { permission: action.permission },
    handler: async (request, reply) => {
      const search = { ...queryOf(request), ...bodyOf(request) };
      const id = search[decl.idField];
      const named = spec.responses && responsesExportId(spec.responses, search);
      if (named) return sendResponsesExport(reply, app.db, decl, currentUser(request), spec.responses!, named);
      if (spec.child && id !== undefined && id !== null && id !== '') return sendChildExport(reply, app.db as unknown as DynamicDb, decl, currentUser(request), spec.child, id);
      const rows = await exportRows(app.db as unknown as DynamicDb, decl, currentUser(request), search, spec.where);
      const name = spec.dated === false ? `${spec.fileName}.xlsx` : `${spec.fileName}_${formatDateTime().slice(0, 10)}.xlsx`;
      return sendWorkbook(reply, name, [{ name: spec.sheet ?? decl.label, columns: exportColumns(decl, spec), rows }]);
    },
  });
}
