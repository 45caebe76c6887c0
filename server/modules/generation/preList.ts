import type { Row } from '../../db/types.js';
import { plainText } from '../../shared/text.js';

/**
 * A public list of a service page written at generation time (issue 24: no layout shift when it arrives):
 * the same markup js/services.js's `.js-list` draws from its call (`<details>` per record: the title, the
 * meta line, the details), so the script's refresh after load replaces it with content of the same size.
 * The call and the field specs live here only: the skin's `include/pre-list.html` writes them into the
 * box's data attributes for the script.
 */
export interface PreList {
  api: string;
  title: string;
  /** `field:label;field:label` (a field without label shows its value alone), as services.js reads it. */
  meta: string;
  detail: string;
  items: { title: string; meta: string; details: { label: string; value: string }[] }[];
}

const pairs = (spec: string): [string, string][] =>
  spec.split(';').filter(Boolean).map((s) => {
    const i = s.indexOf(':');
    return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + 1)];
  });

const shown = (v: unknown) => v !== null && v !== undefined && v !== '';

export function preList(api: string, spec: { title: string; meta?: string; detail?: string }, rows: Row[]): PreList {
  const meta = spec.meta ?? '';
  const detail = spec.detail ?? '';
  return {
    api,
    title: spec.title,
    meta,
    detail,
    items: rows.map((r) => ({
      title: String(r[spec.title] ?? ''),
      meta: pairs(meta)
        .filter(([k]) => Boolean(r[k]))
        .map(([k, label]) => (label ? `${label}：` : '') + String(r[k]))
        .join('　'),
      details: pairs(detail)
        .filter(([k]) => shown(r[k]))
        .map(([k, label]) => ({ label: label || k, value: plainText(r[k]) })),
    })),
  };
}
