/**
 * Dialogs an action opens over a many-to-many relation, drawn from the declaration alone
 * (`src/generic/LinkDialogs.tsx`; part of ActionDecl, resources/shape/actions.ts). 角色管理's 用户 and 授权.
 */

/** A step of the member entity run on one member: its declared action, the button and the passing message. */
export interface MemberStepDecl {
  /** An action of the member entity (`members.entity`), posted as `{ [key]: record id, [memberKey]: member id }`. */
  readonly action: string;
  readonly label: string;
  readonly success: string;
  /** 提示信息 first; `{title}` is this record's title, any other `{field}` the member's value. */
  readonly confirm?: string;
}

/**
 * The records linked to this one and the others, in two tabs of a paged table searched by one field, with
 * a step that adds a member and one that removes it (角色's 分配用户: the role's users and the rest).
 */
export interface MembersDialogDecl {
  /** Dialog title, followed by `：<the record's title>`. */
  readonly title: string;
  /** The body key of this record's id in every call (`roleId`). */
  readonly key: string;
  /** `api.extra` calls of this declaration answering a page of members, and of the others; the tabs' labels. */
  readonly held: { readonly call: string; readonly label: string };
  readonly others: { readonly call: string; readonly label: string };
  /** The member entity (`user`) and the body key of a member's id (`userId`). */
  readonly entity: string;
  readonly memberKey: string;
  readonly columns: readonly { readonly field: string; readonly label: string }[];
  /** The one search box: a filter value sent with the page calls. */
  readonly search: { readonly field: string; readonly label: string };
  /** Shown on the others' tab and on the held tab; the buttons need the member entity's action keys. */
  readonly add: MemberStepDecl;
  readonly remove: MemberStepDecl;
}

/**
 * A checkbox tree of another entity's records, ticked as this record holds them, saved through this
 * action's own call with the ticked ids and their ancestors (角色's 授权: the menu and button entries).
 */
export interface LinkTreeDialogDecl {
  /** Dialog title, followed by `：<the record's title>`; the tree's accessible name. */
  readonly title: string;
  /** The save button (default 保存). */
  readonly submit?: string;
  /**
   * The tree: an `api.extra` call of `entity` answering nested nodes (`id`, `name`, `children`). With
   * `groupKey` the top level are groups, not records (one per app: `dingAppKey`), never sent.
   */
  readonly tree: { readonly entity: string; readonly call: string; readonly groupKey?: string };
  /** The `api.extra` call of this declaration answering the ids it holds, posted `{ [key]: id }`. */
  readonly held: string;
  /** The body: `{ [key]: id, [field]: ticked ids }`. */
  readonly key: string;
  readonly field: string;
}
