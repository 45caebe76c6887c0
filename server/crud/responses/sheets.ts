import type { FastifyReply } from 'fastify';
import type { ResponsesExportDecl } from '../../../resources/shape/responsesExport.js';
import type { ResourceDecl } from '../../../resources/types.js';
import { dynamic, type Db, type Row } from '../../db/types.js';
import { notFoundRecord } from '../../http/errors.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { sendWorkbook, type SheetSpec } from '../../shared/excel.js';
import { asInt } from '../../shared/routeHelpers.js';
import { findRecords } from '../entity/localApi.js';
import type { JsonSchema } from '../schema/fields.js';
import { answerTo, readQuestions, responsesOf, type ResponsesOf } from './questions.js';
import { tallyResponses } from './results.js';

/** Most responses one export writes. */
const RESPONSES_EXPORT_LIMIT = 100_000;
const labelOf = (decl: ResourceDecl, name: string) => decl.fields.find((f) => f.name === name)?.label ?? name;

/** The record a list export's `responses` params name, if any (the first present counts, as sent: `''` is none). */
export const responsesExportId = (spec: ResponsesExportDecl, search: Row): { param: string; value: unknown } | undefined => {
  const param = spec.params.find((p) => search[p] !== undefined && search[p] !== null);
  return param === undefined || search[param] === '' ? undefined : { param, value: search[param] };
};

/** A list export's `responses`: the record, read in the caller's reach (1003 otherwise), as its results and responses sheets. */
export async function sendResponsesExport(reply: FastifyReply, db: Db, decl: ResourceDecl, user: PortalUser, spec: ResponsesExportDecl, named: { param: string; value: unknown }) {
  const [record] = await findRecords(dynamic(db), decl, user, { where: { [decl.idField]: asInt(named.value, named.param) }, limit: 1 });
  if (!record) throw notFoundRecord();
  const fileName = spec.fileName.replace(/\{(\w+)\}/g, (_, f: string) => String((record as Row)[f] ?? '').slice(0, 40));
  return sendWorkbook(reply, `${fileName}.xlsx`, await responseSheets(db, responsesOf(decl), spec, record as Row));
}

async function responseSheets(db: Db, of: ResponsesOf, spec: ResponsesExportDecl, record: Row): Promise<SheetSpec[]> {
  const { decl, r, questions: qs, choices } = of;
  const id = Number(record[decl.idField]);
  const results = await tallyResponses(db, of, record, { question: ['id', r.questionTitle, r.type.field], choice: ['id', r.choiceLabel] });
  const tally: Row[] = [];
  results.questions.forEach((q, i) => {
    const line = { no: i + 1, title: q[r.questionTitle], typeName: of.typeLabel(Number(q[r.type.field])) };
    if (Number(q[r.type.field]) === r.type.text) tally.push({ ...line, option: `（${of.typeLabel(r.type.text)}答案）`, count: q.textCount, percent: '' });
    for (const o of q.choices) tally.push({ ...line, option: o[r.choiceLabel], count: o.count, percent: o.percent });
  });
  const questions = await readQuestions(db, of, id);
  const d = dynamic(db);
  const responses = (await d.selectFrom(r.records.table).selectAll().where(r.records.key, '=', id).orderBy('id').limit(RESPONSES_EXPORT_LIMIT).execute()) as Row[];
  const answers = (await d.selectFrom(r.answers.table).selectAll().where(r.answers.key, '=', id).execute()) as Row[];
  const byResponse = new Map<number, Row[]>();
  for (const a of answers) byResponse.set(Number(a[r.answers.record]), [...(byResponse.get(Number(a[r.answers.record])) ?? []), a]);
  const answerOf = (response: Row, q: Row) => {
    const a = answerTo(of, q, byResponse.get(Number(response.id)) ?? []);
    return Number(q[r.type.field]) === r.type.text ? (a.text ?? '') : (a[r.as.labels] as unknown[]).join('；');
  };
  const typeHeader = qs.form?.fields.find((f) => f.name === r.type.field)?.label ?? labelOf(decl, r.type.field);
  return [
    {
      name: spec.results.sheet,
      preamble: [[labelOf(decl, decl.titleField ?? 'title'), String(record[decl.titleField ?? 'title'])], [labelOf(decl, r.records.count ?? 'count'), results.count], []],
      columns: [
        { header: spec.results.no, key: 'no', width: 8 },
        { header: qs.label, key: 'title', width: 40 },
        { header: typeHeader, key: 'typeName', width: 8 },
        { header: choices.label, key: 'option', width: 30 },
        { header: spec.results.count, key: 'count', width: 10 },
        { header: spec.results.percent, key: 'percent', width: 10 },
      ],
      rows: tally,
    },
    {
      name: spec.records.sheet,
      columns: [
        // The response's id as a number cell; personal values masked by the builder (from the column's key).
        ...spec.records.columns.map((c) => ({ header: c.header, key: c.field, width: c.width, ...(c.field === 'id' ? { map: Number } : {}) })),
        ...questions.map((q, i) => ({ header: `${i + 1}. ${String(q[r.questionTitle])}`, key: `q${String(q.id)}`, map: (_v: unknown, row: Row) => answerOf(row, q), width: 30 })),
      ],
      rows: responses,
    },
  ];
}

/** The export's request schema with the parameters naming a record (descriptive: the handler answers the refusals). */
export function withResponsesParams(schema: JsonSchema, decl: ResourceDecl, spec: ResponsesExportDecl | undefined): JsonSchema {
  if (!spec) return schema;
  const noun = decl.responses?.noun ?? decl.label;
  const named = spec.params.map((p, i) => [p, { type: ['integer', 'string', 'null'], pattern: '^\\s*-?\\d+\\s*$', description: i === 0 ? `${noun}ID` : `${noun}ID（同 ${spec.params[0]}）` }]);
  return { ...schema, properties: { ...(schema.properties as Record<string, JsonSchema>), ...Object.fromEntries(named) } };
}
