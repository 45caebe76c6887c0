import type { WhereData } from '../behaviour';
import type { FieldDecl } from '../shape/fields';

/**
 * A child collection edited inside its record's create and edit forms (`form` on a ChildDecl;
 * src/generic/ChildRowsInput.tsx): one card per row with these inputs, 添加<label> / 删除<label> buttons, and
 * the rows under each row (a nested ChildDecl with its own `form`) in the same card. The rows are sent with
 * the record under the collection's name (问卷 → 题目 → 选项: the survey's save takes `questions`); the
 * server's behaviour checks and writes them (server/crud/childTree.ts `writeChildTree`).
 */
export interface ChildFormDecl {
  /**
   * The inputs of each row. A collection with a single input is a list of text boxes named by position
   * alone (`questions.0.options.1`), each row still an object holding that field.
   */
  readonly fields: readonly FieldDecl[];
  /** Rows a new record (or a new parent row) starts with; the delete buttons stop at this many. */
  readonly min?: number;
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
