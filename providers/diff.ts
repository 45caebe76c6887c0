/**
 * Update forms send only what changed (spec part 1 §5). Values are compared deeply because react-admin
 * hands back new arrays and objects for untouched inputs.
 */

/** "No value": undefined, null and a missing key all mean the same to a form and to the server. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (isEmpty(a) && isEmpty(b)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (!deepEqual(left[key], right[key])) return false;
  }
  return true;
}

/**
 * Fields of `next` that differ from `previous`. A field that became empty is sent as null, since JSON
 * cannot carry undefined and the server must learn that it was cleared.
 */
export function changedFields(
  next: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
  ignore: readonly string[] = [],
): Record<string, unknown> {
  const before = previous ?? {};
  const changed: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(next), ...Object.keys(before)]);
  for (const key of keys) {
    if (ignore.includes(key)) continue;
    // A key the form did not hand back at all is not an edit.
    if (!(key in next)) continue;
    if (!deepEqual(next[key], before[key])) changed[key] = next[key] === undefined ? null : next[key];
  }
  return changed;
}

/** A copy without undefined values (they would silently vanish in JSON anyway; this makes it explicit). */
export function withoutUndefined(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}
