import type { WhereData } from '../behaviour';

/** What the show view reads by calls of its own beyond the get call (part of resources/types.ts, split for size). */

/** A column of a call's rows: the row's key, its heading, the text when it has no value. */
export interface CallColumnDecl {
  readonly field: string;
  readonly label: string;
  readonly empty?: string;
}

/**
 * A paged table under the show view of an `api.extra` call made for the shown record (问卷调查's 答卷记录,
 * `/survey/record/list`): the record's `key` (default its id) sent as `param`, with the page and its size;
 * the answer is the page shape `{ list, totalRow }`.
 */
export interface ShowPagedDecl {
  readonly call: string;
  readonly label: string;
  readonly param: string;
  readonly key?: string;
  readonly columns: readonly CallColumnDecl[];
}

/**
 * Charts of counts an `api.extra` call answers for the shown record (问卷调查's 统计结果, `/survey/answerdetail`
 * sent `{ id }`): the answer's `groups` array, one chart each, titled by `title` (`{key}` filled from the
 * group); a group's `items` are the bars or sectors, labelled by `itemLabel`, sized by `count`, with
 * `percent` and `unit` in the legend (满意：1票（50%）). A group in the `pieWhen` states is a pie, the others
 * bars; a group in `pagedWhen.when` lists its entries instead, by a paged call with the group's id as
 * `param` (a text question's answers). `total` shows one value of the answer above the charts.
 */
export interface ShowChartsDecl {
  readonly call: string;
  readonly label: string;
  readonly total?: { readonly field: string; readonly label: string };
  readonly groups: string;
  readonly title: string;
  readonly items: string;
  readonly itemLabel: string;
  readonly count: string;
  readonly percent?: string;
  readonly unit?: string;
  readonly pieWhen?: WhereData;
  readonly pagedWhen?: { readonly when: WhereData; readonly call: string; readonly param: string; readonly columns: readonly CallColumnDecl[] };
}

/**
 * A 0/1 enum shown in the list as a switch that saves at once through the update call (`{ id, <field> }`)
 * for a holder of the update key (others see the label): `ariaLabel` names it (`{field}` from the record),
 * `on` / `off` are the messages after switching on / off.
 */
export interface FieldToggleDecl {
  readonly ariaLabel: string;
  readonly on: string;
  readonly off: string;
}
