import { readDigits, readInteger, readNumber } from './numbers.js';

/**
 * Rewrites what a listener would otherwise hear wrong (docs/voice.md "Reading numbers"): the offline
 * engine reads digits one way only, so every number is spelled out in Chinese before synthesis, in the
 * order below (the most specific patterns first, so a document number is not read as a plain number).
 */

type Rule = [RegExp, (...groups: string[]) => string];

const year = (y: string) => `${readDigits(y)}年`;
const md = (m: string, d?: string) => `${readInteger(m)}月${d ? `${readInteger(d)}日` : ''}`;

const UNITS: [RegExp, string][] = [
  [/(?:m²|㎡|平米)/g, '平方米'],
  [/(?:km²|k㎡)/g, '平方公里'],
  [/℃/g, '摄氏度'],
  [/(\d)\s*km\b/gi, '$1公里'],
  [/(\d)\s*kg\b/gi, '$1千克'],
  [/(\d)\s*(?:kW·h|kWh)\b/gi, '$1千瓦时'],
];

const RULES: Rule[] = [
  // 文号: 云政发〔2026〕7号, [2026]7号, （2026）7号 → 二零二六年七号
  [/[〔[（(【](\d{4})[〕\]）)】]\s*第?(\d{1,5})\s*号/g, (_m, y, n) => `${year(y as string)}${readInteger(n as string)}号`],
  // Dates: 2026-03-05, 2026/3/5, 2026.3.5 → 二零二六年三月五日 (checked to be a calendar-like date).
  [/(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g, (m, y, mo, d) => (Number(mo) >= 1 && Number(mo) <= 12 && Number(d) >= 1 && Number(d) <= 31 ? `${year(y as string)}${md(mo as string, d as string)}` : m)],
  // 2026年3月5日 / 2026年3月: the year digit by digit.
  [/(?<!\d)(\d{2,4})\s*年/g, (_m, y) => year(y as string)],
  [/(?<!\d)(\d{1,2})\s*月\s*(?:(\d{1,2})\s*[日号])?/g, (_m, mo, d) => md(mo as string, d)],
  // Times: 14:30 → 十四点三十分, 9:05 → 九点零五分
  [/(?<!\d)([01]?\d|2[0-3])[:：]([0-5]\d)(?!\d)/g, (_m, h, mi) => `${readInteger(h as string)}点${mi === '00' ? '整' : (mi as string).startsWith('0') ? `零${readInteger(mi as string)}分` : `${readInteger(mi as string)}分`}`],
  // Percentages and per mille: 12.5% → 百分之十二点五, -3% → 负百分之三
  [/([-+−]?)(\d[\d,]*(?:\.\d+)?)\s*[%％]/g, (_m, s, n) => `${s === '-' || s === '−' ? '负' : ''}百分之${readNumber(n as string)}`],
  [/([-+−]?)(\d[\d,]*(?:\.\d+)?)\s*‰/g, (_m, s, n) => `${s === '-' || s === '−' ? '负' : ''}千分之${readNumber(n as string)}`],
  // Phone numbers and other long codes (7+ digits, or with a dash inside): digit by digit.
  [/(?<![\d.])(\d{3,4})-(\d{7,8})(?![\d.])/g, (_m, a, b) => `${readDigits(a as string)}，${readDigits(b as string)}`],
  [/(?<![\d.,])(\d{7,})(?![\d.,])/g, (_m, n) => readDigits(n as string)],
  // Ranges: 3-5 → 三至五 (a dash between numbers is not a minus).
  [/(\d)\s*[-~～—–]\s*(?=\d)/g, (_m, a) => `${a as string}至`],
  // Any other number: a cardinal, with decimals and thousands separators.
  [/(?<![\d.\w])([-−]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-−]?\d+(?:\.\d+)?)(?![\d])/g, (_m, n) => readNumber(n as string)],
];

/** Full-width digits and letters as their ASCII forms, so one set of rules reads both. */
function halfWidth(text: string): string {
  return text.replace(/[０-９．：％]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

export function normaliseForSpeech(text: string): string {
  let out = halfWidth(text);
  for (const [re, to] of UNITS) out = out.replace(re, to);
  for (const [re, fn] of RULES) out = out.replace(re, fn as (substring: string, ...args: string[]) => string);
  return out;
}
