import type { WhereData } from '../behaviour';
import type { FieldDecl } from '../shape/fields';
import type { ChildDecl } from './children';

/**
 * A child collection edited inside its record's create and edit forms (`form` on a ChildDecl;
 * src/generic/ChildRowsInput.tsx): one card per row with these inputs, 添加<label> / 删除<label> buttons, and
 * the rows under each row (a nested ChildDecl with its own `form`) in the same card. The rows are sent with
 * the record under the collection's name (问卷 → 题目 → 选项: the survey's save takes `questions`); the
 * generic save checks them against these inputs, replaces the stored rows in its transaction and answers
 * them (server/crud/childForm.ts). A save without the collection (an update) leaves the rows alone.
 */
export interface ChildFormDecl {
  /**
   * The inputs of each row. A collection with a single input is a list of text boxes named by position
   * alone (`questions.0.options.1`), each row still an object holding that field.
   */
  readonly fields: readonly FieldDecl[];
  /** Rows a new record (or a new parent row) starts with and the least a save takes; the delete buttons stop at this many. */
  readonly min?: number;
  /** Most rows a save takes. */
  readonly max?: number;
  /**
   * Refusals (1002) for too few / too many rows, `{row}` the parent row's heading, `{min}` / `{max}` the
   * bounds; default `{row}<label>至少需要{min}个` / `{row}<label>不能超过{max}个`.
   */
  readonly messages?: { readonly tooFew?: string; readonly tooMany?: string };
  /** Each row's heading, `{n}` its position from 1 (第{n}题); none for a single-input collection. */
  readonly rowLabel?: string;
  /** Nested collections only: shown for parent rows in these states (选项 for 单选 / 多选 questions). */
  readonly shownWhen?: WhereData;
  /**
   * The record's states in which its rows may change (default always). Otherwise the rows are shown
   * disabled under `lockedNote`, and an edit never sends them (the update sends changed fields only).
   */
  readonly editableWhen?: WhereData;
  readonly lockedNote?: string;
}

/** The nested collections of a child that are edited in the form too. */
export const formChildren = (child: ChildDecl): ChildDecl[] => (child.children ?? []).filter((c) => c.form);

/** A row's heading: `{n}` its position from 1 (第3题). */
export const rowHeading = (child: ChildDecl, index: number) => (child.form?.rowLabel ?? '').replace('{n}', String(index + 1));
