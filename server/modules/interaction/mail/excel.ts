import type { FastifyReply } from 'fastify';

export interface XlsxColumn {
  header: string;
  key: string;
  width?: number;
}

/** One worksheet as .xlsx bytes; exceljs is loaded only when an export is asked for. */
export async function buildXlsx(sheet: string, columns: XlsxColumn[], rows: Record<string, unknown>[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const ws = book.addWorksheet(sheet);
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 16 }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) {
    const values: Record<string, unknown> = {};
    // Text that starts like a formula is written as text, never evaluated by the spreadsheet.
    for (const c of columns) {
      const v = row[c.key];
      values[c.key] = typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : (v ?? '');
    }
    ws.addRow(values);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The binary export reply of the contract: octet-stream with the (Chinese) file name. */
export function sendXlsx(reply: FastifyReply, fileName: string, bytes: Buffer) {
  return reply
    .header('Content-Type', 'application/octet-stream')
    .header('Content-Disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Cache-Control', 'no-store')
    .send(bytes);
}
