import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { TEST_CAPTCHA_TEXT } from './helpers/testServer.js';

/** A fresh captcha: answers the codeId whose answer is TEST_CAPTCHA_TEXT. */
export async function captcha(url: string): Promise<{ codeId: string; verifyCode: string }> {
  const codeId = `t${randomBytes(8).toString('hex')}`;
  const res = await fetch(new URL(`/user/captcha?codeId=${codeId}`, url));
  if (res.status !== 200) throw new Error(`captcha ${res.status}`);
  await res.text();
  return { codeId, verifyCode: TEST_CAPTCHA_TEXT };
}

/** POSTs and answers the raw reply (exports). */
export async function download(url: string, path: string, token: string, body: unknown = {}) {
  const res = await fetch(new URL(path, url), {
    method: 'POST',
    headers: { Authorization: token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, buffer: Buffer.from(await res.arrayBuffer()) };
}

/** Rows of the first sheet of an .xlsx as arrays of cell texts. */
export async function readSheet(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}
