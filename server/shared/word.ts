import { Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { maskIdNumber, maskPhone } from './mask.js';

/** One line of a particulars table: label, value, and the masking hook (guessed from the label when absent). */
export type Particular = readonly [label: string, value: unknown, mask?: 'phone' | 'idNumber' | false];

const PHONE_LABELS = /(电话|手机|联系方式)/;
const ID_LABELS = /(证件号码|身份证)/;

/** Personal data in Word files is masked like lists and exports (个人信息保护法, issue 10). */
export function maskedText(label: string, value: unknown, mask?: 'phone' | 'idNumber' | false): string {
  const kind = mask === false ? null : (mask ?? (PHONE_LABELS.test(label) ? 'phone' : ID_LABELS.test(label) ? 'idNumber' : null));
  const shown = kind === 'phone' ? maskPhone(value) : kind === 'idNumber' ? maskIdNumber(value) : value;
  return shown === null || shown === undefined ? '' : String(shown);
}

export const wordCell = (text: string, width: number, bold = false) =>
  new TableCell({ width: { size: width, type: WidthType.PERCENTAGE }, children: [new Paragraph({ children: [new TextRun({ text, bold, font: '宋体', size: 22 })] })] });

/** The two-column 项目/内容 table Word files are made of (applications, people); values masked per line. */
export function particularsTable(lines: readonly Particular[]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: lines.map(([label, value, mask]) => new TableRow({ children: [wordCell(label, 25, true), wordCell(maskedText(label, value, mask), 75)] })),
  });
}
