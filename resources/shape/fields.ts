import type { FieldToggleDecl } from './showCalls';
import type { RecordData } from '../behaviour';

/** A declared field: its type, rules, display and relations (part of resources/types.ts, split for size). */

/** How a field is stored, validated and edited. */
export type FieldType =
  | 'text' // single line
  | 'textarea' // multi-line plain text
  | 'richtext' // HTML, sanitised by the server
  | 'number' // integer unless `decimals` is set
  | 'date' // YYYY-MM-DD
  | 'datetime' // YYYY-MM-DD HH:mm:ss
  | 'enum' // one of `options`
  | 'dict' // a value of the data dictionary group `dict`
  | 'image' // a path or URL of an uploaded image
  | 'file' // a path or URL of an uploaded file
  | 'url' // an http(s) address
  | 'reference'; // the id of a record of the resource `reference`

/** The colour a state's chip takes; `toneOf` (resources/shape/enumTone.ts) picks one from the label when unset. */
export type EnumTone = 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';

export interface EnumOption {
  readonly value: string | number;
  readonly label: string;
  readonly tone?: EnumTone;
}

export interface FieldDecl {
  /** API field name; also the column name. */
  readonly name: string;
  /** Chinese label shown in forms, tables and error messages. */
  readonly label: string;
  readonly type: FieldType;
  readonly required?: boolean;
  readonly default?: string | number | null;
  /** Longest accepted text, in characters. */
  readonly maxLength?: number;
  readonly min?: number;
  readonly max?: number;
  /** Digits after the point for a `number`; 0 or absent stores an integer. */
  readonly decimals?: number;
  readonly options?: readonly EnumOption[];
  /** Dictionary group (`dictKey`) for a `dict` field: the server accepts only a key of its entries. */
  readonly dict?: string;
  /** Entries of the `dict` group, created at start when the group does not exist yet (staff edit them later). */
  readonly dictEntries?: readonly { readonly key: string; readonly name: string }[];
  /** Resource name for a `reference` field. */
  readonly reference?: string;
  /**
   * With `reference`, in an action's `input`: several records, shown as checkboxes by their titleField and
   * sent as the array of their ids (用户's 角色 dialog). Not for stored fields (an array has no column).
   */
  readonly many?: true;
  /**
   * Choices read from a call that answers an array of objects (站点设置's 当前模板: the template module's
   * skins): the value is each item's `value` key, the label its `label` key (default the value); without
   * `value` the call answers plain strings (栏目's template files). Without an answer (no permission) the
   * field stays a text box.
   */
  readonly choicesFrom?: ChoicesFrom;
  /**
   * A `text` field holding a set of its `options` (文章属性), stored as a comma list: checkboxes in the form
   * (sent as the array of the chosen values, each once, in order), a chip per value in lists and show views.
   */
  readonly multiple?: boolean;
  /** Set by the server (creator, times, counters); never accepted from a client. */
  readonly readOnly?: boolean;
  /** No two records may share the value. */
  readonly unique?: boolean;
  /**
   * A GET at this path (its one `{name}` holds the value) answering whether a record holds the value, after the
   * field's own rules (1001 blank, 1002 `pattern`): a form's check before saving (server/crud/nameChecks.ts).
   */
  readonly existsAt?: string;
  /** Set on create only: an update sending another value is 1005 `<label>保存后不能修改`; the same value is dropped. */
  readonly createOnly?: boolean;
  /** Shown under the input. */
  readonly help?: string;
  /**
   * For a text holding JSON (a check's 明细, a submission's 报送内容): the Chinese names of its keys, so
   * show views name the parts in Chinese (src/generic/detailParts.ts); keys not listed show as they are.
   */
  readonly partLabels?: Readonly<Record<string, string>>;
  /**
   * For `richtext`: the rich-text editor (default, loaded lazily), `html`, a plain HTML text box, or `lines`,
   * a plain multi-line box whose lines an action's input dialog sends as paragraphs (`<p>…</p>`, escaped).
   */
  readonly editor?: 'rich' | 'html' | 'lines';
  /**
   * A virtual field: no column; the server computes it from the stored values on every read (list, get,
   * save answers), so lists and show views can display it like any other field.
   */
  readonly compute?: (record: RecordData) => unknown;
  /** How the admin views show the value (lists and show views); what is stored and sent stays as it is. */
  readonly display?: FieldDisplay;
  /**
   * An enum of two options shown as a switch: `true` in forms and input dialogs (off the first option, on the
   * second: 留言人同意公开); a FieldToggleDecl also in the list, where the switch saves at once (公开结果).
   */
  readonly toggle?: boolean | FieldToggleDecl;
  /**
   * A reference that must name an existing record of its `reference` (server/crud/fieldChecks.ts, after the
   * entity's own hooks): 1002 `missing` otherwise, 1002 `self` when it names the record itself; blank or 0 is
   * none (a sent 0 is stored as null). The record's value as it will stand is checked (栏目's 内容模型, 关联栏目).
   */
  readonly mustExist?: { readonly missing: string; readonly self?: string };
  /**
   * A file below a data folder, as an `api.extra` call with `files` lists them (its name here): a path that
   * stays inside it (1002 `<label>路径无效`) ending in one of that call's endings (1002 `<label><wrongEnding>`);
   *栏目's 列表模板 / 内容模板 (server/crud/fieldChecks.ts).
   */
  readonly fileOf?: { readonly call: string; readonly wrongEnding: string };
  /**
   * A comma list of ids of the resource another field's value names (消息提醒设置's 提醒对象: roles, users or
   * departments by 提醒对象类型): the form offers a multiple choice of that resource's records, by their
   * titleField; `label` says what they are (角色). The server checks them (server/crud/idsOfCheck.ts).
   */
  readonly idsOf?: {
    readonly by: string;
    readonly resources: Readonly<Record<string, { readonly resource: string; readonly label: string }>>;
    /** At most this many ids (`<label>不能超过<max>个`). */
    readonly max?: number;
    /** The field the server fills with the records' titles (joined by 、); a client's value is dropped. */
    readonly names?: string;
  };
  /**
   * Personal data (个人信息保护法): masked in lists, exports and Word files (138****1234,
   * 3101**********1234); in full only on the detail view for 查看敏感信息, and that view is logged; a masked
   * value a form sends back is never stored (server/crud/personal.ts).
   */
  readonly personal?: 'phone' | 'idNumber';
  /**
   * The 1001 refusal of a declared action's required input when it is missing (default 缺少必填参数：<label>):
   * for a call whose original answer named the key (文章's return opinion: 缺少必填参数：opinion).
   */
  readonly missingMessage?: string;
  /**
   * The value must come after this other field's (an end after its start): a save setting either of the two
   * with both present is refused with 1002 `<label>必须晚于<other's label>` (dates; `必须大于` for numbers),
   * the stored value standing in for the one a partial update leaves out (server/crud/afterCheck.ts).
   */
  readonly after?: string;
  /** A text value must match `source` (a RegExp source), else 1002 `message` (default `<label>格式不正确`). */
  readonly pattern?: { readonly source: string; readonly message?: string };
  /**
   * A write-only value (a password): accepted on save, never answered; the server's behaviour turns it into
   * what `column` stores (a hash) and neither the field nor the column is ever read back. Blank on update: unchanged.
   */
  readonly writeOnly?: { readonly column: string };
  /**
   * Answered, not stored: no column, never written back (a save's value is dropped); the server's hooks
   * (`enrich`, `afterRead`) or a `pageCall` fill it — 用户's 所属部门 / 角色 names. Read-only in forms.
   */
  readonly answered?: true;
  /**
   * The value comes from another declared call, once per shown page of the list: the data provider posts
   * the page's ids under `idsParam` to the `api.extra` call `call` and takes this field from each answered
   * row whose `key` (default the idField) matches; `fallback` when a row is absent (用户's 发文数,
   * `/ding/user/articleNum`). Implies `answered`. A refused call leaves the column at `fallback`.
   */
  readonly pageCall?: PageCallDecl;
}

/** See FieldDecl.pageCall. */
export interface PageCallDecl {
  readonly call: string;
  readonly idsParam: string;
  readonly key?: string;
  readonly fallback?: string | number | null;
}

/**
 * A field's text in the views, from the whole record (e.g. an amount with its record's unit), its
 * alignment in a table, and a colour for values that need attention (a negative growth in red).
 */
export interface FieldDisplay {
  readonly format?: (record: RecordData) => string;
  readonly align?: 'left' | 'right';
  readonly tone?: (record: RecordData) => 'error' | 'success' | undefined;
  /** `data-*` attributes of the shown value, for styles and tests (`{ overdue: '1' }` → `data-overdue="1"`). */
  readonly data?: (record: RecordData) => Readonly<Record<string, string>> | undefined;
}

/** True for a field with no column: computed (`compute`), answered by the server's hooks (`answered`) or by a page call. */
export const isVirtualField = (f: FieldDecl): boolean => f.compute !== undefined || f.answered === true || f.pageCall !== undefined;

/**
 * Choices read from a call: each item's `value` and `label` keys (plain strings without `value`). A nested
 * answer (`children`: the key of the sub-items) is flattened in order with an indent per level; a flat one
 * with a `parent` key is labelled by its path (新闻中心 / 部门动态). Items matching any of `skip` are left out.
 */
export interface ChoicesFrom {
  readonly path: string;
  readonly method?: 'GET' | 'POST';
  readonly value?: string;
  readonly label?: string;
  readonly children?: string;
  readonly parent?: string;
  readonly skip?: readonly Readonly<Record<string, string | number | boolean>>[];
  /**
   * A box to type in instead of a select (a department among hundreds): each item by its own name, indented
   * per level, and the chosen one's path from the top under the box (县政府 / 县教育局), telling equal names apart.
   */
  readonly search?: boolean;
}
