import type { CellValue, Workbook, Worksheet } from 'exceljs';
import { Refusal } from '../../../resources/behaviour.js';
import type { ResourceDecl } from '../../../resources/types.js';
import { PERIOD_TYPE_OPTIONS, type EconomicArea } from '../../../resources/economic/catalogue.js';
import type { Row } from '../../db/types.js';
import { invalidValue, PortalError } from '../../http/errors.js';
import { validateFigure, type FigureValues } from './figures.js';

/** The sheet's columns, in order; an export can be imported again as it is. */
export const COLUMNS = [
  { header: '指标名称', key: 'indicatorName', width: 30 },
  { header: '统计周期', key: 'periodTypeName', width: 10 },
  { header: '年份', key: 'year', width: 8 },
  { header: '季度/月份', key: 'period', width: 10 },
  { header: '数值', key: 'value', width: 16 },
  { header: '单位', key: 'unit', width: 10 },
  { header: '同比增长(%)', key: 'growthRate', width: 12 },
  { header: '备注', key: 'remark', width: 30 },
] as const;

/** Largest import file and row count: a period's figures are a few dozen rows. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 2000;
const ERRORS_SHOWN = 10;

const periodName = (code: unknown) => PERIOD_TYPE_OPTIONS.find((o) => o.value === code)?.label ?? String(code ?? '');

async function newBook(): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  return book;
}

function addSheet(book: Workbook, area: EconomicArea): Worksheet {
  const ws = book.addWorksheet(area.label);
  ws.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return ws;
}

/** Text cells that look like formulas are written as text, never evaluated by the spreadsheet. */
const safe = (v: unknown) => (typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : (v ?? ''));

/** The export: one row per figure, values in the indicator's unit. */
export async function exportBook(area: EconomicArea, rows: Row[]): Promise<Buffer> {
  const book = await newBook();
  const ws = addSheet(book, area);
  for (const r of rows) {
    ws.addRow({
      indicatorName: safe(r.indicatorName),
      periodTypeName: periodName(r.periodType),
      year: Number(r.year),
      period: Number(r.period),
      value: Number(r.value),
      unit: safe(r.unit),
      growthRate: r.growthRate === null || r.growthRate === undefined ? '' : Number(r.growthRate),
      remark: safe(r.remark),
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The template: the area's indicators for last year, values empty, and a sheet of instructions. */
export async function templateBook(area: EconomicArea, now = new Date()): Promise<Buffer> {
  const book = await newBook();
  const ws = addSheet(book, area);
  const periods = area.periods.map(periodName);
  for (const i of area.indicators) {
    ws.addRow({ indicatorName: i.name, periodTypeName: periodName(area.periods[0]), year: now.getFullYear() - 1, period: 0, value: '', unit: i.unit, growthRate: '', remark: '' });
  }
  for (let r = 2; r <= 500; r++) {
    ws.getCell(r, 2).dataValidation = { type: 'list', allowBlank: false, formulae: [`"${periods.join(',')}"`] };
    ws.getCell(r, 1).dataValidation = { type: 'list', allowBlank: false, formulae: [`"${area.indicators.map((i) => i.name).join(',')}"`] };
  }
  const help = book.addWorksheet('填写说明');
  help.columns = [{ width: 100 }];
  [
    `${area.label}数据导入模板：第一个工作表每行一个指标一个统计期的数据，第一行表头不要改动。`,
    `统计周期：${periods.join('、')}。季度/月份：年度填0，季度填1—4，月度填1—12；季度、月度数据均为自年初累计数。`,
    `指标名称须为以下之一：${area.indicators.map((i) => `${i.name}（${i.unit}）`).join('、')}。`,
    '数值按“单位”列的单位填写（金额为万元）；同比增长填百分数，如增长5.2%填5.2，可不填。',
    '同一指标同一统计期已有数据的，导入后以文件中的数据为准；任何一行有误时整个文件都不会导入。',
  ].forEach((line) => help.addRow([line]));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A cell as plain text or number: formulas give their result, rich text and links their text. */
function plain(v: CellValue): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return null;
  if (typeof v === 'object') {
    if ('result' in v) return plain((v as { result?: CellValue }).result ?? null);
    if ('richText' in v) return v.richText.map((t) => t.text).join('').trim();
    if ('text' in v) return String((v as { text: unknown }).text).trim();
  }
  return null;
}

async function readSheet(bytes: Buffer): Promise<Worksheet> {
  if (bytes.length === 0) throw invalidValue('导入文件为空');
  if (bytes.length > IMPORT_MAX_BYTES) throw invalidValue('导入文件不能超过2MB');
  // .xlsx is a zip archive; anything else (an old .xls, a renamed file) is refused before parsing.
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw invalidValue('请上传Excel文件（.xlsx）');
  const book = await newBook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw invalidValue('文件不是有效的Excel文件（.xlsx）');
  }
  const ws = book.worksheets[0];
  if (!ws) throw invalidValue('Excel文件中没有工作表');
  return ws;
}

/**
 * Reads and checks every row of an uploaded sheet. Nothing is answered unless every row is right:
 * otherwise one 1002 error lists the wrong rows by their row number in the sheet.
 */
export async function parseImport(bytes: Buffer, decl: ResourceDecl, area: EconomicArea, now = new Date()): Promise<FigureValues[]> {
  const ws = await readSheet(bytes);
  const header = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const text = plain(cell.value);
    if (typeof text === 'string') header.set(text, col);
  });
  const missing = COLUMNS.filter((c) => c.key !== 'unit' && c.key !== 'remark' && c.key !== 'growthRate' && !header.has(c.header)).map((c) => c.header);
  if (missing.length) throw invalidValue(`导入文件表头不正确，缺少：${missing.join('、')}（请使用下载的模板）`);
  if (ws.rowCount - 1 > IMPORT_MAX_ROWS) throw invalidValue(`一次最多导入${IMPORT_MAX_ROWS}行`);

  const errors: string[] = [];
  const out: FigureValues[] = [];
  const seen = new Map<string, number>();
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cell = (h: string) => (header.has(h) ? plain(row.getCell(header.get(h) as number).value) : null);
    const values = COLUMNS.map((c) => cell(c.header));
    if (values.every((v) => v === null || v === '')) continue;
    const name = cell('指标名称');
    const indicator = area.indicators.find((i) => i.name === name || i.code === name);
    const typeText = cell('统计周期');
    const periodType = PERIOD_TYPE_OPTIONS.find((o) => o.label === typeText || o.value === typeText)?.value ?? typeText;
    try {
      if (name === null || name === '') throw invalidValue('指标名称不能为空');
      if (!indicator) throw invalidValue(`指标名称不存在：${String(name)}`);
      const figure = validateFigure(
        decl,
        area,
        { indicator: indicator.code, periodType, year: cell('年份'), period: cell('季度/月份') ?? 0, value: cell('数值'), growthRate: cell('同比增长(%)'), remark: cell('备注') },
        now,
      );
      const key = `${figure.indicator}|${figure.periodType}|${figure.year}|${figure.period}`;
      const first = seen.get(key);
      if (first !== undefined) throw invalidValue(`与第${first}行是同一指标同一统计期`);
      seen.set(key, r);
      out.push(figure);
    } catch (error) {
      if (!(error instanceof PortalError) && !(error instanceof Refusal)) throw error;
      errors.push(`第${r}行：${error.message.replace(/^缺少必填参数：(\w+)$/, (_m, f: string) => `${decl.fields.find((x) => x.name === f)?.label ?? f}不能为空`)}`);
    }
  }
  if (errors.length) {
    const more = errors.length > ERRORS_SHOWN ? `……共${errors.length}行有误` : '';
    throw invalidValue(`导入失败，未保存任何数据。${errors.slice(0, ERRORS_SHOWN).join('；')}${more}`);
  }
  if (out.length === 0) throw invalidValue('导入文件中没有数据');
  return out;
}
