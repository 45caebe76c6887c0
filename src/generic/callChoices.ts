import type { ChoicesFrom } from '../../resources/shape/fields';

// Pure parts of choices read from a call (`choicesFrom` on a field or a filter): src/generic/CallChoicesInput.tsx.

export interface Choice {
  readonly id: string | number;
  readonly name: string;
  /** With `search`: the item's path from the top (县政府 / 县教育局) and its level (0 on top). */
  readonly path?: string;
  readonly depth?: number;
}

type Item = Record<string, unknown>;

const isItem = (v: unknown): v is Item => typeof v === 'object' && v !== null;
/** A number stays a number (a record's key compares equal to it), anything else is text. */
const idOf = (v: unknown): string | number => (typeof v === 'number' ? v : String(v));

function skipped(item: Item, skip: ChoicesFrom['skip']): boolean {
  return (skip ?? []).some((cond) => Object.entries(cond).every(([k, v]) => String(item[k]) === String(v)));
}

/** Flat items with a `parent` key: each labelled by its path from the top (新闻中心 / 部门动态). */
function pathLabels(items: readonly Item[], from: ChoicesFrom, value: string, label: string): Map<string, string> {
  const byId = new Map(items.map((i) => [String(i[value]), i]));
  const out = new Map<string, string>();
  for (const item of items) {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at: Item | undefined = item; at && !seen.has(String(at[value])); at = byId.get(String(at[from.parent ?? '']))) {
      seen.add(String(at[value]));
      names.unshift(String(at[label]));
    }
    out.set(String(item[value]), names.join(' / '));
  }
  return out;
}

/** The choices of a call's answer, as `from` describes them; a non-array answer gives none. */
export function callChoices(answer: unknown, from: ChoicesFrom): Choice[] {
  if (!Array.isArray(answer)) return [];
  const { value, children } = from;
  if (!value) return answer.map((i) => ({ id: String(i), name: String(i) }));
  const label = from.label ?? value;
  const out: Choice[] = [];
  if (children) {
    // Nested: in order, an ideographic space per level.
    const walk = (items: unknown[], depth: number, parents: readonly string[]) => {
      for (const item of items.filter(isItem)) {
        const own = String(item[label]);
        const path = [...parents, own];
        // `search`: the name alone (the box indents it), with the path to tell equal names apart.
        const shown = from.search ? { name: own, path: path.join(' / '), depth } : { name: `${'\u3000'.repeat(depth)}${own}` };
        if (!skipped(item, from.skip)) out.push({ id: idOf(item[value]), ...shown });
        const sub = item[children];
        if (Array.isArray(sub)) walk(sub, depth + 1, path);
      }
    };
    walk(answer, 0, []);
    return out;
  }
  const items = answer.filter(isItem);
  const paths = from.parent ? pathLabels(items, from, value, label) : undefined;
  for (const item of items) {
    if (skipped(item, from.skip)) continue;
    const path = paths?.get(String(item[value]));
    if (from.search) out.push({ id: idOf(item[value]), name: String(item[label]), path: path ?? String(item[label]), depth: path ? path.split(' / ').length - 1 : 0 });
    else out.push({ id: idOf(item[value]), name: path ?? String(item[label]) });
  }
  return out;
}
