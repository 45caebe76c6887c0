/**
 * How a figure is shown, on the admin screens and on the generated public page alike (shared here
 * because src/ and server/ never import each other). Amounts follow spec §9 exactly as
 * src/format/amount.ts does: a 万元 value of 10000 or more in 亿元 (÷ 10000), else in 万元, 2 decimals
 * with thousands separators; tests/unit keep the two in step.
 */
const two = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** 万元 by the amount rule; other units after the number (whole numbers without decimals). */
export function formatFigure(value: unknown, unit: string): string {
  const n = numberOf(value);
  if (n === null) return '';
  if (unit === '万元') return n >= 10000 ? `${two.format(n / 10000)}亿元` : `${two.format(n)}万元`;
  const text = Number.isInteger(n) ? whole.format(n) : two.format(n);
  return unit === '%' || unit === '‰' ? `${text}${unit}` : `${text} ${unit}`;
}

/** 同比 growth with its sign, e.g. +6.50%; empty when not given. */
export function formatGrowth(value: unknown): string {
  const n = numberOf(value);
  if (n === null) return '';
  return `${n > 0 ? '+' : ''}${two.format(n)}%`;
}
