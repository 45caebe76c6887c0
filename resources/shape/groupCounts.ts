import type { WhereData } from '../behaviour';

/**
 * Counts of the entity's records grouped by a field (part of resources/types.ts, split for size): 领导信箱's
 * 实时统计 — per department the letters transferred to it, those in handling, replied, overdue… The generic
 * route (server/crud/groupCounts.ts) answers them from the declaration, counted now from the records, as the
 * whole list (`wholePage`), and `export` as an .xlsx of the same rows.
 */
export interface GroupCountsDecl {
  readonly name: string;
  readonly label: string;
  readonly path: string;
  readonly permission: string;
  /** The field the records are grouped by (records without a value are left out), answered as `as`. */
  readonly by: { readonly field: string; readonly as: string };
  /** The group's name: the field's value in its records, answered as `as`; `header` heads its export column. */
  readonly title: { readonly field: string; readonly as: string; readonly header: string };
  /** `startTime` / `endTime` bound this date-time field (a date alone as the end takes that whole day). */
  readonly range?: string;
  /** Search parameters: `key` the group's value (eq), `contains` a text the group's name contains. */
  readonly params?: { readonly key?: string; readonly contains?: string };
  /** The counts, in the export's order: every record of the group, or those matching any of `when`. */
  readonly counts: readonly CountDecl[];
  /** `part / whole` as a percentage with one decimal ('0.0%' when the whole is 0). */
  readonly rates?: readonly { readonly name: string; readonly label: string; readonly part: string; readonly whole: string }[];
  /** The rows' order: this count, most first; then the group's value. */
  readonly orderBy: string;
  /** The same rows as an .xlsx (`<fileName>_<date>.xlsx`). */
  readonly export?: { readonly path: string; readonly permission: string; readonly fileName: string; readonly sheet: string };
}

export interface CountDecl {
  readonly name: string;
  readonly label: string;
  /** Any of these conditions (none: every record of the group). */
  readonly when?: readonly CountCondition[];
}

/**
 * A record counts when it matches `where` and each comparison `[field, op, other]`, where `other` is a field
 * or `$now` (this moment): `['deadline', '<', '$now']`. A comparison with an empty value never matches.
 */
export interface CountCondition {
  readonly where?: WhereData;
  readonly compare?: readonly (readonly [string, '<' | '<=' | '>' | '>=', string])[];
}
