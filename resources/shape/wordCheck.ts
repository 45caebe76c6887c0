import type { WhereData } from '../behaviour';

/**
 * A check of a record's texts against the words another entity keeps (issue 19, session 27; served by
 * server/crud/wordCheck.ts): 文章's 敏感词检测 over 敏感词's enabled words. The call (`call`, a name of the
 * declaration's `api.extra`, POST, behind the list key) checks what is typed — the `fields` given — or, when
 * none of `record.unless` is given, the stored record its `record.param` names (in the caller's reach, 1003
 * otherwise). The behaviour checks a save with the same function (`checkWords`).
 *
 * Each hit is `{ wordId, word, level, levelName, <also…>, field, context, count }`: the word's id, the word, its
 * level and the level's label (the words entity's enum options), its `also` values, the field's `label`, up to
 * `context` characters either side of the first occurrence with the word marked 【…】 (… where cut), and how
 * often it occurs; ordered by level, then word. The answer is `{ hits, <flag>: some hit has that level… }`,
 * with `messages.found` (`{count}` the hits) or `messages.none`.
 */
export interface WordCheckDecl {
  readonly call: string;
  /** The words: the entity, the word field, which count (enabled ones), the level field, values copied into each hit. */
  readonly words: { readonly entity: string; readonly field: string; readonly where?: WhereData; readonly level: string; readonly also?: readonly string[] };
  /** The checked fields in order, named in the hits by `label`; `html`: the text of rich text is checked. */
  readonly fields: readonly { readonly name: string; readonly label: string; readonly html?: boolean }[];
  readonly context: number;
  /** Answer flags: name → the level a hit must have (`{ blocked: 1, needReview: 2 }`). */
  readonly flags: Readonly<Record<string, number>>;
  readonly record: { readonly param: string; readonly unless: readonly string[] };
  readonly messages: { readonly found: string; readonly none: string };
}
