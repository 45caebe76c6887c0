import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TextRun } from 'docx';
import type { FastifyInstance } from 'fastify';
import { inState, type RecordData } from '../../resources/behaviour.js';
import type { RecordWordDecl, RecordWordRow } from '../../resources/shape/recordWord.js';
import type { ActionDecl, ResourceDecl } from '../../resources/types.js';
import { currentUser } from '../http/fastifyTypes.js';
import { readId } from '../http/params.js';
import { describeInput, ID } from '../http/routeInput.js';
import { sendDownload } from '../shared/download.js';
import { particularsTable, type Particular } from '../shared/word.js';
import { maskPersonalRow } from './personal.js';
import { getRecord } from './service.js';

/** A field's value as shown: an enum's label, else the value ('' when blank). */
function shown(decl: ResourceDecl, record: RecordData, name: string): string {
  const value = record[name];
  const option = decl.fields.find((f) => f.name === name)?.options?.find((o) => String(o.value) === String(value));
  return option ? option.label : value === null || value === undefined ? '' : String(value);
}

/** `{field}` the shown value, `{field?text}` the text when the field is set and not 0. */
export function fillWordTemplate(decl: ResourceDecl, record: RecordData, template: string): string {
  return template.replace(/\{(\w+)(?:\?([^}]*))?\}/g, (_all, name: string, text?: string) => {
    if (text === undefined) return shown(decl, record, name);
    const v = record[name];
    return v === null || v === undefined || v === '' || Number(v) === 0 ? '' : text;
  });
}

/** The table lines of some rows for one record (the states of `when` groups decided on the record). */
export function wordLines(decl: ResourceDecl, record: RecordData, rows: readonly RecordWordRow[]): Particular[] {
  return rows.flatMap((row): Particular[] => {
    if (typeof row === 'string') return [[decl.fields.find((f) => f.name === row)?.label ?? row, shown(decl, record, row)]];
    if ('when' in row) return inState(record, row.when) ? wordLines(decl, record, row.rows) : [];
    return [[row.label, fillWordTemplate(decl, record, row.value)]];
  });
}

const heading = (text: string, first: boolean) =>
  new Paragraph({ heading: first ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2, alignment: AlignmentType.CENTER, children: [new TextRun({ text, bold: true, font: '宋体', size: first ? 36 : 30 })] });

/** The record (as read, personal values masked) as a .docx: each section's heading and its table. */
export async function recordDocx(decl: ResourceDecl, word: RecordWordDecl, row: RecordData): Promise<Buffer> {
  const record = maskPersonalRow(decl, row);
  const children: (Paragraph | Table)[] = word.sections.flatMap((s, i) => [...(i ? [new Paragraph({ text: '' })] : []), heading(s.heading, i === 0), particularsTable(wordLines(decl, record, s.rows))]);
  const doc = new Document({ creator: '云溪县人民政府门户网站', title: fillWordTemplate(decl, record, word.title), sections: [{ children }] });
  return Packer.toBuffer(doc);
}

/** The declared actions with `word` (and no `run`): `{ id }` in the caller's reach → the record's Word file. */
export function registerRecordWords(app: FastifyInstance, decl: ResourceDecl): void {
  for (const action of decl.actions ?? []) {
    const word = (action as ActionDecl).word;
    if (!word || action.run) continue;
    app.route({
      method: action.method ?? 'POST',
      url: action.path,
      schema: describeInput({ either: { id: ID } }),
      attachValidation: true,
      config: { permission: action.permission },
      handler: async (request, reply) => {
        const row = await getRecord(app.db, decl, currentUser(request), readId(request));
        return sendDownload(reply, await recordDocx(decl, word, row), `${fillWordTemplate(decl, row, word.fileName)}.docx`);
      },
    });
  }
}
