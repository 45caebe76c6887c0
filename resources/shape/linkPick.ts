/**
 * A dialog over a many-to-many relation seen from the other side (part of ActionDecl; session 26): pick one
 * record of another entity, then tick the records of this one linked to it, and save them all at once
 * through the action's own call (论坛版块's 版主设置: a role, then the plates it moderates).
 * Drawn by `src/generic/LinkPickDialog.tsx`; the action is a whole-list one (`scope: 'none'`) in the toolbar.
 */
export interface LinkPickDialogDecl {
  /** The dialog's title (default the action's label). */
  readonly title?: string;
  /** The record picked first: one of the first 200 of `entity`'s list call (its id and title field), under `label`. */
  readonly pick: { readonly entity: string; readonly label: string };
  /** The boxes: an `api.extra` call of this declaration answering `{ value, label }` for every record. */
  readonly choices: string;
  /** The ticked ones: an `api.extra` call posted `{ [key]: picked id }`, answering rows whose `field` is a record's id. */
  readonly held: { readonly call: string; readonly field: string };
  /** The save's body: `{ [key]: picked id, [field]: ticked ids }`. */
  readonly key: string;
  readonly field: string;
  /** Shown when there are no records to tick. */
  readonly empty?: string;
}
