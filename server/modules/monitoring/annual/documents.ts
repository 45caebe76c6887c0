import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { buildWorkbook } from '../../../shared/excel.js';
import { shownValue, type ReportRow } from './figures.js';

const TITLE = '政府网站工作年度报表';
const SOURCE = { auto: '系统统计', staff: '人工填报', na: '不适用' } as const;
/** A Word cell: the value with its unit, 未填报 or 不适用 — never blank. */
const shown = (r: ReportRow) => {
  const v = shownValue(r);
  return typeof v === 'number' || (r.source !== 'na' && v === r.value) ? `${v}${r.unit ? ` ${r.unit}` : ''}` : String(v);
};

function cell(text: string, bold = false, width = 30): TableCell {
  return new TableCell({ width: { size: width, type: WidthType.PERCENTAGE }, children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
}

/** The report as a Word document: title, year, one table (类别 / 指标 / 数值). */
export async function reportDocx(year: number, siteName: string, rows: readonly ReportRow[]): Promise<Buffer> {
  const header = new TableRow({ tableHeader: true, children: [cell('类别', true, 25), cell('指标', true, 40), cell('数值', true, 35)] });
  const body = rows.map((r) => new TableRow({ children: [cell(r.section, false, 25), cell(r.label, false, 40), cell(shown(r), false, 35)] }));
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, alignment: AlignmentType.CENTER, children: [new TextRun(`${siteName}${TITLE}（${year}年度）`)] }),
          new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: '依据《国务院办公厅关于印发政府网站发展指引的通知》（国办发〔2017〕47号）、《国务院办公厅关于加强政府网站信息内容建设的意见》配套报表（国办函〔2018〕12号），于次年1月31日前发布。', size: 18 })] }),
          new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [header, ...body] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** The same report as an Excel sheet: a merged title line above the table. */
export async function reportXlsx(year: number, siteName: string, rows: readonly ReportRow[]): Promise<Buffer> {
  return buildWorkbook([
    {
      name: `${year}年度报表`,
      preamble: [[`${siteName}${TITLE}（${year}年度）`]],
      titled: true,
      columns: [
        { header: '类别', key: 'section', width: 20 },
        { header: '指标', key: 'label', width: 36 },
        { header: '数值', key: 'value', width: 28 },
        { header: '单位', key: 'unit', width: 8 },
        { header: '来源', key: 'source', width: 12, map: (v) => SOURCE[v as keyof typeof SOURCE] ?? String(v) },
      ],
      rows: rows.map((r) => ({ ...r, value: shownValue(r) })),
    },
  ]);
}
