/**
 * Amounts (spec §9): a value of 10000 or more is shown in 亿元 (divided by 10000), otherwise in 万元;
 * 2 decimals with thousands separators. Values are in 万元 to begin with.
 */
const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Thousands separators and a fixed number of decimals (default 2); '' for a value that is not a number. */
export function formatCurrency(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  if (decimals === 2) return formatter.format(n);
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);
}

export function formatAmount(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  if (n >= 10000) return `${formatCurrency(n / 10000)}亿元`;
  return `${formatCurrency(n)}万元`;
}
