import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { Row } from '../../db/types.js';

/** `张三` → `张*`: the first character and one star per other (at least one). */
export function maskName(value: unknown): string {
  const chars = [...String(value ?? '')];
  return chars.length === 0 ? '' : chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/** `张三` → `张**`: the first character and two stars whatever the length; 匿名 for none (论坛主题's 留言人). */
export function maskInitial(value: unknown): string {
  const first = [...String(value ?? '')][0];
  return first ? `${first}**` : '匿名';
}

const MASKS = { name: maskName, initial: maskInitial } as const;

/** The labels of enum fields' values as `<field>Name` ('' for a value that is none of the options). */
export function enumLabels(decl: ResourceDecl, names: readonly string[], row: Row): Row {
  const out: Row = {};
  for (const name of names) out[`${name}Name`] = decl.fields.find((f) => f.name === name)?.options?.find((o) => String(o.value) === String(row[name]))?.label ?? '';
  return out;
}

/**
 * A record as the read answers it: the `as` names taken from their fields, then the declared fields in order
 * (a missing one null; the whole record when none are declared), masks applied, then the declared labels.
 */
export function readOutput(decl: ResourceDecl, read: ExtraReadDecl, found: Row): Row {
  const row = read.as ? { ...found, ...Object.fromEntries(Object.entries(read.as).map(([to, from]) => [to, found[from] ?? null])) } : found;
  const out: Row = read.fields ? {} : { ...row };
  for (const name of read.fields ?? []) out[name] = row[name] ?? null;
  for (const [name, mask] of Object.entries(read.masks ?? {})) if (name in out) out[name] = MASKS[mask](row[name]);
  return { ...out, ...enumLabels(decl, read.labels ?? [], row) };
}
