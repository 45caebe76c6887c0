import type { FastifyReply } from 'fastify';
import type { ChildExportDecl, ResourceDecl } from '../../resources/types.js';
import type { DynamicDb, Row } from '../db/types.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { notFoundRecord } from '../http/errors.js';
import { sendWorkbook } from '../shared/excel.js';
import { asInt } from '../shared/routeHelpers.js';
import { findRecords } from './entity/localApi.js';

/** Most child rows one export writes. */
const CHILD_EXPORT_LIMIT = 100_000;

/** `{field}` of the file name from the record, each value cut at 40 characters. */
const fileNameOf = (template: string, record: Row) => template.replace(/\{(\w+)\}/g, (_, f: string) => String(record[f] ?? '').slice(0, 40));

/**
 * A list export's `child` (ListExportDecl): the one record the id names, read in the caller's scope (1003
 * when out of reach), and its child collection's rows by id as a sheet under the record's title.
 */
export async function sendChildExport(reply: FastifyReply, db: DynamicDb, decl: ResourceDecl, user: PortalUser, spec: ChildExportDecl, rawId: unknown) {
  const child = decl.children?.find((c) => c.name === spec.name);
  if (!child) throw new Error(`${decl.name}: export child ${spec.name} is no declared child collection`);
  const [record] = await findRecords(db, decl, user, { where: { [decl.idField]: asInt(rawId, decl.idField) }, limit: 1 });
  if (!record) throw notFoundRecord();
  const rows = (await db.selectFrom(child.table).selectAll().where(child.key, '=', record[decl.idField]).orderBy('id', 'asc').limit(CHILD_EXPORT_LIMIT).execute()) as Row[];
  const titleLabel = decl.fields.find((f) => f.name === decl.titleField)?.label ?? decl.titleField;
  const columns = [...(spec.numbered ? [{ header: spec.numbered, key: '__no', width: 8 }] : []), ...spec.columns.map((c) => ({ header: c.header, key: c.field, width: c.width }))];
  return sendWorkbook(reply, `${fileNameOf(spec.fileName, record as Row)}.xlsx`, [
    { name: spec.sheet, preamble: [[titleLabel, String(record[decl.titleField] ?? '')]], columns, rows: rows.map((r, i) => ({ ...r, __no: i + 1 })) },
  ]);
}
