import type { WhereData } from '../behaviour';

/**
 * A read's `grouped` (shape `grouped`; server/crud/reads/grouped.ts): the records the read finds, in groups
 * chosen by a search parameter, each group one row `{ key, name, <counts>, <sums>, <hours> }` — 论坛主题's
 * 主题统计 per handling department, plate or channel. Counted from the records as they stand (no stored figures).
 */
export interface GroupedReadDecl {
  /** The search parameter naming one of `by`; any other value (or none) groups by `default`. */
  readonly param: string;
  readonly default: string;
  readonly by: Readonly<Record<string, GroupingDecl>>;
  /** Counted per group, in this order: name → the values a record must hold (`{}`: every record). */
  readonly counts: Readonly<Record<string, WhereData>>;
  /** Summed per group: name → a number field (blank counts 0). */
  readonly sums?: Readonly<Record<string, string>>;
  /**
   * Averaged per group: name → the hours from one date-time field to another, over the records holding both
   * (negative spans count 0), rounded to one decimal; null when no record holds both.
   */
  readonly hours?: Readonly<Record<string, { readonly from: string; readonly to: string }>>;
  /** The rows' order: this count, most first; then the key as text. */
  readonly orderBy: string;
}

/**
 * One way of grouping: by `field` (a number or reference field's key is a number, blank counting 0; another
 * field's a text), named by the `title` field stored with the records (the first record's, by id) or else by
 * the field's option label (the value itself without one); `none` names the group of a blank (or 0) key.
 */
export interface GroupingDecl {
  readonly field: string;
  readonly title?: string;
  readonly none?: string;
}
