/** One setting of a `settings` block: an integer from `min` to `max`, `default` until it is saved. */
export interface KeySettingDecl {
  readonly name: string;
  /** Named in the refusals (答复期限（工作日）必须在1到60之间). */
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/**
 * An entity's own settings kept as key → value rows (`key` primary, `value`, `updateTime`; the module's
 * migration creates the table), read and saved on one call (server/crud/keySettings.ts): a body with some
 * of them saves those (each an integer in its range, else 1002 naming its label; blank ones keep their
 * value) in one transaction and answers every setting with `saved`; an empty body answers them with 操作成功.
 * The behaviour reads them with `readKeySettings(db, decl)` (defaults filled in). 依申请公开's 办理设置.
 */
export interface KeySettingsDecl {
  readonly table: string;
  readonly path: string;
  readonly permission: string;
  readonly label: string;
  readonly fields: readonly KeySettingDecl[];
  /** The message of a call that saved something (default 保存成功). */
  readonly saved?: string;
}
