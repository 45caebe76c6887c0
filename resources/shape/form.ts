import type { WhereData } from '../behaviour';
import type { FieldType } from './fields';

/** What the generic forms and show view do beyond the declared fields (part of resources/types.ts, split for size). */

/**
 * A submit button of the create / edit form instead of 保存 (文章's 保存草稿 and 提交审核): the same save
 * call with `values` added to the body, asked first when `confirm` is set (missing fields are named
 * before any question), with its own success message. Each button sends its own idempotency key.
 */
export interface FormSubmitDecl {
  readonly label: string;
  /** Added to the saved values (a state: `status: 4`). */
  readonly values?: Readonly<Record<string, string | number>>;
  /** Shown only while the edited record (a new one: its defaults) is in these states. */
  readonly shownWhen?: WhereData;
  /** The question first (确定 / 取消), titled `confirmTitle` (default 提示). */
  readonly confirm?: string;
  readonly confirmTitle?: string;
  /** The message after the save (default 新建成功 / 修改成功). */
  readonly success?: string;
  /** The main button (contained) or a secondary one (outlined, the default). */
  readonly primary?: boolean;
  /** Run the declaration's `formCheck` first: findings are shown before anything is saved (see FormCheckDecl). */
  readonly check?: boolean;
}

/**
 * A check of what is typed, by an `api.extra` call (文章's 敏感词检测, `/api/article/detection`): the body is the
 * form's `fields`; the answer's `list` (findings) is shown as a table of `columns`. Offered as a toolbar button
 * (`label`) and run before a submit with `check: true`: no finding goes on to its question; findings are shown
 * with 取消 / 确定提交 — or only 取消, with `blockedText`, when the answer's `blocked` key is true.
 */
export interface FormCheckDecl {
  readonly label: string;
  readonly call: string;
  readonly fields: readonly string[];
  readonly list: string;
  readonly columns: readonly { readonly field: string; readonly label: string }[];
  readonly blocked?: string;
  readonly blockedText?: string;
  /** The dialog's title (default 提示信息) and the text when nothing is found. */
  readonly title?: string;
  readonly empty?: string;
}

/**
 * Form fields a call answers (文章's content-model fields of the chosen column, `/api/article/queryFieldOverwrite`):
 * the `api.extra` call `call` is made with `params` (query name → the form's field) whenever those values
 * change; its answer's `list` is an array of field descriptions, each mapped to a field by the keys named
 * here; their values are edited under `source.<name>` (an object sent with the save).
 */
export interface FieldsFromDecl {
  readonly call: string;
  readonly params: Readonly<Record<string, string>>;
  /** The answer's key holding the descriptions (default: the answer is the array). */
  readonly list?: string;
  /** Where the values live in the record and the save body (`modelFields`). */
  readonly source: string;
  /** Keys of one description. */
  readonly name: string;
  readonly label: string;
  /** The description's type key and how its values map to field types (unknown ones: text). */
  readonly type?: { readonly key: string; readonly map: Readonly<Record<string, FieldType | 'textarea'>> };
  /** A key whose truthy value makes the field required. */
  readonly required?: string;
  /** A key holding the options of an `enum` (plain strings). */
  readonly options?: string;
  /** The box's heading; `{key.path}` is filled from the answer (扩展字段（{model.cmTipsName}）). */
  readonly title?: string;
}

/**
 * A table of an array the get call answers with the record (文章's 审核记录 `flowList`): one column per
 * entry, `empty` when there is none. Shown in the show view under the fields.
 */
export interface ShowTableDecl {
  readonly source: string;
  readonly label: string;
  /** `options`: the label shown for a stored value (领导信箱's step codes → 转办, 答复…); others as they are. */
  readonly columns: readonly { readonly field: string; readonly label: string; readonly options?: readonly { readonly value: string | number; readonly label: string }[] }[];
  readonly empty?: string;
  /** `data-testid` of each row (tests and assistive tools find the rows by it). */
  readonly rowTestId?: string;
}

/**
 * A chip beside the show view's title (the tree view) or over its fields: `text` with `{field}` filled from
 * the record the get call answers, a missing or null value shown as `blank` (default empty). 部门's
 * `上级：{parentName}` (blank 无), `用户 {userCount} 人`, `下级 {childCount} 个` (blank 0).
 */
export interface ShowChipDecl {
  readonly text: string;
  readonly blank?: string;
}
