/** Chinese names of a JSON value's keys (a field's `partLabels`); a key not named shows as it is. */
export type PartLabels = Readonly<Record<string, string>>;

/** Longer texts (an article's HTML inside a submission) are shown as their first characters. */
const MAX_TEXT = 200;

function plain(v: string): string {
  const text = /<[a-z][^>]*>/i.test(v) ? v.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : v;
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

function partText(v: unknown, labels: PartLabels): string {
  if (v === true) return '是';
  if (v === false) return '否';
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.length ? v.map((x) => partText(x, labels)).join('；') : '无';
  if (typeof v === 'object') return Object.entries(v).map(([k, x]) => `${labels[k] ?? k}：${partText(x, labels)}`).join('，');
  return plain(String(v));
}

/** A JSON text (a check's details, a submission's extra data) as its parts, named in Chinese; not JSON → null. */
export function parseDetails(value: unknown, labels: PartLabels = {}): [string, string][] | null {
  const raw = typeof value === 'string' && /^\s*[{[]/.test(value) ? value : null;
  let data: unknown = null;
  if (raw) {
    try {
      data = JSON.parse(raw) as unknown;
    } catch {
      data = null;
    }
  } else if (typeof value === 'object') data = value;
  if (!data || typeof data !== 'object') return null;
  return Object.entries(data as Record<string, unknown>).map(([k, v]) => [labels[k] ?? k, partText(v, labels)]);
}
