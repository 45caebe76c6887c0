/**
 * Chinese readings of numbers for the speech engine (docs/voice.md "Reading numbers"): a cardinal
 * (12345 → 一万二千三百四十五), a digit string (2026 → 二零二六), a decimal (3.05 → 三点零五).
 */

const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const SMALL_UNITS = ['', '十', '百', '千'];
const BIG_UNITS = ['', '万', '亿', '万亿'];

/** Digit by digit, as years, phone numbers and codes are read: 2026 → 二零二六. */
export function readDigits(digits: string): string {
  return [...digits].map((d) => DIGITS[Number(d)] ?? d).join('');
}

/** A group of up to four digits (0 < n < 10000), with 零 for inner gaps. */
function readGroup(n: number): string {
  const s = String(n).padStart(4, '0');
  let out = '';
  let zero = false;
  for (let i = 0; i < 4; i++) {
    const d = Number(s[i]);
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += `${DIGITS[d] ?? ''}${SMALL_UNITS[3 - i] ?? ''}`;
  }
  return out;
}

/** A whole number as a cardinal; very long ones (over 16 digits) are read digit by digit. */
export function readInteger(digits: string): string {
  const clean = digits.replace(/^0+(?=\d)/, '');
  if (clean.length > 16) return readDigits(clean);
  let n = BigInt(clean);
  if (n === 0n) return '零';
  const groups: number[] = [];
  while (n > 0n) {
    groups.push(Number(n % 10000n));
    n /= 10000n;
  }
  let out = '';
  let pendingZero = false;
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i] ?? 0;
    if (g === 0) {
      pendingZero = out !== '';
      continue;
    }
    if (out && (pendingZero || g < 1000)) out += '零';
    pendingZero = false;
    out += readGroup(g) + BIG_UNITS[i];
  }
  // 一十 at the start is said 十 (10 → 十, 15 → 十五, 100000 → 十万).
  return out.startsWith('一十') ? out.slice(1) : out;
}

/** A number as written (`-1,234.50`): sign, cardinal whole part, decimals digit by digit. */
export function readNumber(written: string): string {
  const m = /^([-+−]?)(\d[\d,]*)(?:\.(\d+))?$/.exec(written.trim());
  if (!m) return written;
  const sign = m[1] === '-' || m[1] === '−' ? '负' : '';
  const whole = readInteger((m[2] ?? '0').replace(/,/g, ''));
  return sign + whole + (m[3] ? `点${readDigits(m[3])}` : '');
}
