import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { ResourceDecl } from '../../../../resources/types.js';
import type { Row } from '../../../db/types.js';
import { buildWorkbook } from '../../../shared/excel.js';
import { particularsTable, type Particular } from '../../../shared/word.js';

/** The label of an enum field's value, or the value itself. */
export function labelOf(decl: ResourceDecl, field: string, value: unknown): string {
  const f = decl.fields.find((x) => x.name === field);
  const opt = f?.options?.find((o) => String(o.value) === String(value));
  return opt ? opt.label : value === null || value === undefined ? '' : String(value);
}

/** One person as a .docx: a table of the particulars, then the deeds paragraph by paragraph. */
export async function celebrityDocx(decl: ResourceDecl, r: Row): Promise<Buffer> {
  const pairs: Particular[] = [
    ['姓名', String(r.name ?? '')],
    ['类别', labelOf(decl, 'category', r.category)],
    ['性别', labelOf(decl, 'gender', r.gender)],
    ['出生年份', String(r.birthYear ?? '')],
    ['籍贯', String(r.nativePlace ?? '')],
    ['工作单位/身份', String(r.unit ?? '')],
    ['荣誉称号', String(r.honor ?? '')],
    ['获评年份', r.honorYear === null || r.honorYear === undefined ? '' : String(r.honorYear)],
  ];
  const table = particularsTable(pairs);
  const deeds = String(r.deeds ?? '')
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => new Paragraph({ indent: { firstLine: 480 }, children: [new TextRun({ text: line.trim(), font: '宋体', size: 24 })] }));
  const doc = new Document({
    creator: '云溪县人民政府门户网站',
    title: `名人录_${String(r.name ?? '')}`,
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, alignment: AlignmentType.CENTER, children: [new TextRun({ text: `${String(r.name ?? '')}简介`, bold: true, font: '宋体', size: 36 })] }),
          table,
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: '主要事迹', bold: true, font: '宋体', size: 28 })] }),
          ...deeds,
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** The filtered list as an .xlsx, one row per person, enum values as their labels. */
export async function celebrityXlsx(decl: ResourceDecl, rows: Row[]): Promise<Buffer> {
  const label = (field: string) => (v: unknown) => labelOf(decl, field, v);
  return buildWorkbook([
    {
      name: '名人录',
      columns: [
        { header: '序号', key: 'no', width: 8 },
        { header: '姓名', key: 'name', width: 14 },
        { header: '类别', key: 'category', width: 14, map: label('category') },
        { header: '性别', key: 'gender', width: 8, map: label('gender') },
        { header: '出生年份', key: 'birthYear', width: 12 },
        { header: '籍贯', key: 'nativePlace', width: 20 },
        { header: '工作单位/身份', key: 'unit', width: 28 },
        { header: '荣誉称号', key: 'honor', width: 30 },
        { header: '获评年份', key: 'honorYear', width: 10 },
        { header: '主要事迹', key: 'deeds', width: 60 },
      ],
      rows: rows.map((r, i) => ({ ...r, no: i + 1 })),
    },
  ]);
}
