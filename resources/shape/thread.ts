import type { WhereData } from '../behaviour';

/**
 * A record read as a thread in a dialog from a row button (`list.thread`, session 25): its meta line and
 * body, the items of one of its declared child collections (each with its meta, state and steps), and a
 * box that posts a new item through a declared action. 论坛主题's 详情: the theme, its replies with
 * 通过并发布 / 不通过, and the handling department's reply box. `{field}` in a text stands for the value,
 * `{field|text}` gives the text for a blank one (办理部门：{deptName|未转办}).
 */
export interface ThreadDecl {
  /** The row button's label; the dialog's title is the record's titleField. */
  readonly button: string;
  /** The line under the title (`data-testid="<entity>-detail-meta"`). */
  readonly meta: string;
  /** The field shown as the record's text. */
  readonly body: string;
  readonly items: ThreadItemsDecl;
  readonly compose?: ThreadComposeDecl;
}

export interface ThreadItemsDecl {
  /** The child collection (`children[].name`) the get call answers. */
  readonly source: string;
  /** The heading (回复), with the count in （）. */
  readonly label: string;
  /** Each item's `data-testid`: `<entity>-<testId>`. */
  readonly testId: string;
  readonly meta: string;
  readonly body: string;
  /** Shown as the declaration's enum field of the same name, a chip (审核状态). */
  readonly state?: string;
  /** What is shown without items. */
  readonly empty: string;
  /** Steps on one item: the action is sent `{ id: <item id>, ...values }`, offered for items in `shownWhen`. */
  readonly actions?: readonly { readonly action: string; readonly label: string; readonly values?: Readonly<Record<string, string | number>>; readonly shownWhen?: WhereData }[];
}

/** A new item: the action is sent `{ <key>: <record id>, <field>: text }`, offered for records in `shownWhen`. */
export interface ThreadComposeDecl {
  readonly action: string;
  readonly key: string;
  readonly field: string;
  readonly label: string;
  readonly submit: string;
  readonly maxLength?: number;
  readonly shownWhen?: WhereData;
}
