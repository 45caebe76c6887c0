/**
 * Running tallies kept per group of the entity's records (issue 19, session 25; served by server/crud/tallies.ts):
 * a table with one row per group value (领导信箱's `mail_count`, per department), whose counts the behaviour
 * adds to as records move (`bumpTally`, one atomic UPDATE), which staff list, read, reset to zero and correct
 * by hand, and export; the portal may publish some of its columns. Unlike `groupCounts` (counted now from
 * the records), a tally is what was counted since its last reset.
 *
 * The table (created by the module's migration) has `id`, the group's `key.field` (unique) and `key.title`,
 * the `counts`, and `resetTime` / `updateTime`.
 */
export interface TallyDecl {
  readonly name: string;
  readonly label: string;
  readonly table: string;
  /** The group's value and name columns; `header` heads the export's name column. */
  readonly key: { readonly field: string; readonly title: string; readonly header: string };
  /** The counted columns, in the export's order; `input` describes the manual correction's value. */
  readonly counts: readonly { readonly name: string; readonly label: string; readonly input: string }[];
  /** `part / whole` as a percentage with one decimal ('0.0%' when the whole is 0), answered with each row. */
  readonly rates?: readonly { readonly name: string; readonly label: string; readonly part: string; readonly whole: string }[];
  /** Search parameters: `key` the group's value (eq), `contains` a text its name contains. */
  readonly params: { readonly key: string; readonly contains: string; readonly keyLabel: string; readonly containsLabel: string };
  /** The rows' order: this count, most first; then the group's value. */
  readonly orderBy: string;
  /** A corrected count is an integer from 0 to `max`. */
  readonly max: number;
  /** Staff calls, each behind its key: the paged list, one row (`id`), reset (`id`), correction (`id` + counts), export. */
  readonly calls: {
    readonly list: { readonly path: string; readonly permission: string };
    readonly get: { readonly path: string; readonly permission: string };
    readonly reset?: { readonly path: string; readonly permission: string; readonly success: string };
    readonly update?: { readonly path: string; readonly permission: string; readonly success: string };
    readonly export?: { readonly path: string; readonly permission: string; readonly fileName: string; readonly sheet: string };
  };
  /** Public calls of the portal (no login): the paged list and one row, with only `fields`. */
  readonly public?: { readonly list: string; readonly get: string; readonly fields: readonly string[] };
}
