import type { FieldDecl, FieldsFromDecl } from '../../resources/types';

// Pure parts of the form fields a call answers (`formFieldsFrom`): src/generic/FieldsFromInput.tsx.

type Item = Record<string, unknown>;

/** The descriptions in the call's answer: the answer itself or its `list` key. */
function descriptions(answer: unknown, from: FieldsFromDecl): Item[] {
  const list = from.list && answer && typeof answer === 'object' ? (answer as Item)[from.list] : answer;
  return Array.isArray(list) ? list.filter((d): d is Item => typeof d === 'object' && d !== null) : [];
}

/** Each description as a declared field whose value lives at `<source>.<name>`. */
export function fieldsFromAnswer(answer: unknown, from: FieldsFromDecl): FieldDecl[] {
  return descriptions(answer, from)
    .filter((d) => typeof d[from.name] === 'string' && d[from.name] !== '')
    .map((d) => {
      const options = from.options && Array.isArray(d[from.options]) ? (d[from.options] as unknown[]).map((o) => ({ value: String(o), label: String(o) })) : undefined;
      const type = from.type ? (from.type.map[String(d[from.type.key])] ?? 'text') : 'text';
      return {
        name: `${from.source}.${String(d[from.name])}`,
        label: String(d[from.label] ?? d[from.name]),
        type: type === 'enum' && !options ? 'text' : type,
        required: from.required ? !!d[from.required] && d[from.required] !== '0' : undefined,
        options,
      };
    });
}

/** The box's heading with `{a.b}` filled from the answer; '' when the call named nothing. */
export function fieldsFromTitle(answer: unknown, from: FieldsFromDecl): string {
  if (!from.title) return '';
  return from.title.replace(/\{([\w.]+)\}/g, (_, path: string) => {
    let at: unknown = answer;
    for (const part of path.split('.')) at = at && typeof at === 'object' ? (at as Item)[part] : undefined;
    return at === undefined || at === null ? '' : String(at);
  });
}

/** The call's query from the form's values; null while a parameter is blank (nothing to ask yet). */
export function fieldsFromQuery(from: FieldsFromDecl, values: Readonly<Record<string, unknown>>): Record<string, string | number> | null {
  const query: Record<string, string | number> = {};
  for (const [param, field] of Object.entries(from.params)) {
    const v = values[field];
    if (v === undefined || v === null || v === '') return null;
    query[param] = typeof v === 'number' ? v : String(v);
  }
  return query;
}
