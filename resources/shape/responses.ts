/**
 * Citizens' responses to a record's questions (`responses` in the declaration; server/crud/responses/): the
 * record declares its questions as a child collection and their choices as the collection nested in it
 * (问卷 → 题目 → 选项); each response is a row of `records.table` with one row of `answers.table` per chosen
 * choice or free text. The generic machinery checks a response's answers against the questions, stores it,
 * counts the results and serves the declared calls below. Who may answer, and how often, stays the
 * behaviour's (a public operation's `check`).
 */
export interface ResponsesDecl {
  /** The child collection holding the questions, and the name of the one nested in it holding their choices. */
  readonly questions: string;
  readonly choices: string;
  /** The noun refusals call the record (答案中的题目不属于该问卷); default the declaration's label. */
  readonly noun?: string;
  /** The question's text, named in refusals (`题目「…」的选项无效`). */
  readonly questionTitle: string;
  /** The choice's text (answered beside the chosen ids, the export's 选项). */
  readonly choiceLabel: string;
  /** The question's type: the enum field and which of its values take one choice, and free text (others take several). */
  readonly type: { readonly field: string; readonly single: number; readonly text: number };
  /** The question's field that is 1 when it must be answered. */
  readonly required: string;
  /** Most characters of a free-text answer (default 2000). */
  readonly textMax?: number;
  /**
   * The responses' table: `key` holds the record's id; `count` the record's field counting them (added to in
   * the response's transaction); `time` the submission time; `hidden` columns never answered.
   */
  readonly records: { readonly table: string; readonly key: string; readonly count?: string; readonly time: string; readonly hidden?: readonly string[] };
  /**
   * The answers' table: `record` the response's id, `key` the record's id, `question` and `choice` the ids
   * (a free text has no choice), `text` the free text. A response's body names a question by `question`,
   * its choices by `ids` (or one by `choice`), its text by `text` (or the `text` column's name).
   */
  readonly answers: { readonly table: string; readonly record: string; readonly key: string; readonly question: string; readonly choice: string; readonly text: string };
  /** The names a response's choices are answered and sent under: the ids, and their texts. */
  readonly as: { readonly ids: string; readonly labels: string };
  /** The declared calls, each an `api.extra` entry by name (its path), with the key its caller must hold. */
  readonly calls?: {
    /** The results of the record `{ id }`: per question how many answered, each choice's count and percent, texts counted. */
    readonly results?: { readonly call: string; readonly permission: string; readonly question: readonly string[]; readonly choice: readonly string[] };
    readonly record?: ResponseRecordCall;
    /** The free-text answers of one text question `{ id }`, paged, newest response first, with the responses' `fields`. */
    readonly texts?: { readonly call: string; readonly permission: string; readonly fields: readonly string[] };
  };
}

/**
 * One response `{ id }` with the record's title as `title` and each question's answer (`question` its fields);
 * personal values masked unless 查看敏感信息 (logged as `<log> <id>`); default key the declaration's get key.
 */
export interface ResponseRecordCall {
  readonly call: string;
  readonly permission?: string;
  readonly title: string;
  readonly question: readonly string[];
  readonly log: string;
}
