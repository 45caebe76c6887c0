export const DICT_TABLE = 'data_dict';

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A save body as the rules read it: an entry's dictKey comes from its parent; a group's key is its dictKey unless given. */
export function dictBody(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  if (Number(out.parentId ?? 0) > 0 && blank(out.dictKey)) out.dictKey = '_';
  if (Number(out.parentId ?? 0) === 0 && blank(out.key) && !blank(out.dictKey)) out.key = out.dictKey;
  return out;
}
