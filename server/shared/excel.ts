import type { FastifyReply } from 'fastify';
import type { Row } from '../db/types.js';
import { sendDownload } from './download.js';
import { maskIdNumber, maskPhone } from './mask.js';

/** One column of an export sheet. */
export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
  /** Value shown instead of the raw one (enum labels, computed text). */
  map?: (value: unknown, row: Row) => unknown;
  /** Personal data: masked as a phone or ID number; by default guessed from the key (see `maskOf`). */
  mask?: 'phone' | 'idNumber' | false;
}

export interface SheetSpec {
  name: string;
  columns: readonly SheetColumn[];
  rows: readonly Row[];
  /** Lines above the header row (a title, the survey asked about), each an array of cells. */
  preamble?: readonly (readonly unknown[])[];
  /** The first preamble line is a title: bold, larger, merged over the columns. */
  titled?: boolean;
}

const PHONE_KEYS = /^(phone|mobile|tel|telephone|contactPhone|phoneNumber|linkPhone)$/i;
const ID_KEYS = /^(idNumber|idCard|idNo|cardNo|identityCard)$/i;

/** The masking hook: which columns hold personal data (个人信息保护法, issue 10). */
export function maskOf(column: SheetColumn): 'phone' | 'idNumber' | null {
  if (column.mask === false) return null;
  if (column.mask) return column.mask;
  if (PHONE_KEYS.test(column.key)) return 'phone';
  if (ID_KEYS.test(column.key)) return 'idNumber';
  return null;
}

/** Text that starts like a formula is written as text, never evaluated by the spreadsheet. */
const safe = (v: unknown) => (typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : v === null || v === undefined ? '' : v);

function cellValue(column: SheetColumn, row: Row): unknown {
  const raw = column.map ? column.map(row[column.key], row) : row[column.key];
  const mask = maskOf(column);
  const masked = mask === 'phone' ? maskPhone(raw) : mask === 'idNumber' ? maskIdNumber(raw) : raw;
  return safe(masked);
}

/**
 * The one Excel builder of the server: per sheet, optional preamble lines, a bold header row with the
 * column widths, one line per row with personal data masked. exceljs loads only when an export is made.
 */
export async function buildWorkbook(sheets: readonly SheetSpec[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = '云溪县人民政府门户网站';
  book.created = new Date();
  for (const spec of sheets) {
    const ws = book.addWorksheet(spec.name);
    for (const line of spec.preamble ?? []) ws.addRow([...line]);
    const headerRow = ws.addRow(spec.columns.map((c) => c.header));
    headerRow.font = { bold: true };
    spec.columns.forEach((c, i) => (ws.getColumn(i + 1).width = c.width ?? 16));
    if (spec.titled && spec.preamble?.length) {
      ws.mergeCells(1, 1, 1, Math.max(1, spec.columns.length));
      ws.getRow(1).font = { bold: true, size: 14 };
    }
    for (const row of spec.rows) ws.addRow(spec.columns.map((c) => cellValue(c, row)));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Builds the workbook and answers it as a download named `fileName`. */
export async function sendWorkbook(reply: FastifyReply, fileName: string, sheets: readonly SheetSpec[]) {
  return sendDownload(reply, await buildWorkbook(sheets), fileName);
}
