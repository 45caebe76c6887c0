/**
 * One setting of a `recordSettings` block: an integer from `min` to `max` (`type: 'integer'`: a blank value
 * keeps the stored one; another is refused with 1002 `invalid`, default `<label>必须在<min>到<max>之间`), or a
 * plain text of at most `max` characters (`type: 'text'`: sent blank or null, it is stored as null).
 */
export interface RecordSettingDecl {
  readonly name: string;
  readonly label: string;
  readonly type: 'integer' | 'text';
  readonly min?: number;
  readonly max: number;
  /** What the get call answers before anything is saved (null when absent). */
  readonly default?: number | string | null;
  readonly invalid?: string;
}

/**
 * Settings kept per record of another entity, one row each in a table of their own (`id`, the record's id in
 * `key`, its title in `title`, the settings, `updateTime`; the module's migration creates it), read and saved
 * on two calls behind one key (server/crud/recordSettings.ts): 领导信箱's per-department 办理设置 (办理时限,
 * 联系人…, `mail_dept`). The record is named by the first of `params` given (1001 naming the last when none;
 * 1003 `missing` when it does not exist). The get call answers the stored row, else the defaults
 * `{ id: null, <key>, <title>, …settings }`; the save call writes the settings the body gives (and the record's
 * title as it stands now) in one transaction and answers the row with `saved` (default 保存成功).
 */
export interface RecordSettingsDecl {
  readonly name: string;
  readonly label: string;
  readonly table: string;
  /** The declared entity whose records carry the settings (its table, id and title). */
  readonly entity: string;
  readonly key: string;
  readonly title: string;
  readonly params: readonly string[];
  readonly permission: string;
  readonly get: string;
  readonly save: string;
  readonly fields: readonly RecordSettingDecl[];
  /** The refusal when the record does not exist (default `<entity's label>不存在`). */
  readonly missing?: string;
  readonly saved?: string;
}
