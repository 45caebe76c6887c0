import type { Awaitable, HookContext, RecordData, WhereData } from '../behaviour';
import type { LinkStepMore } from './linkStepMore';
import type { FieldDecl } from './fields';
import type { ActionCallMore } from './actionCallMore';
import type { CallTablesDecl } from './callTables';
import type { LinkTreeDialogDecl, MembersDialogDecl } from './linkDialogs';
import type { LinkPickDialogDecl } from './linkPick';
import type { ActionSets } from './actionSets';
import type { RecordWordDecl } from './recordWord';
import type { ResponsesExportDecl } from './responsesExport';
import type { ActionCopyDecl, ActionEditDecl } from './actionSaves';

/** A declared action: its call, input dialog, upload and export (part of resources/types.ts, split for size). */

/**
 * A call beyond the five CRUD ones that needs its own permission: a workflow step (accept, approve,
 * reject), a transfer, an export. Its permission key becomes a Button entry under the resource's menu.
 */
export interface ActionDecl {
  readonly name: string;
  /** Chinese button label, e.g. 审核通过. */
  readonly label: string;
  readonly path: string;
  readonly method?: 'GET' | 'POST';
  readonly permission: string;
  /** Applies to the selected rows (bulk) or to one record (row). */
  readonly scope?: 'row' | 'bulk' | 'both' | 'none';
  /** A bulk call names at most `count` records (1002 `message` before any is read: 文章's 复制, 一次最多处理200篇文章). */
  readonly most?: { readonly count: number; readonly message: string };
  /** Ask for confirmation first (destructive or irreversible steps). */
  readonly confirm?: string;
  /** The states that allow it: every record it applies to must match (else 1005 with `refusal`, default 该记录当前状态不允许此操作). */
  readonly when?: WhereData;
  /** Message when a record is not in an allowed state. */
  readonly refusal?: string;
  /** Success message of the envelope; default 操作成功. The UI fills `{name}` from the answer's data (已清理{deleted}条日志). */
  readonly success?: string;
  /**
   * What the call does, on the generic routes: the records it applies to (`id` for a row action, `ids`
   * for a bulk one; none for `scope: 'none'`), read inside the caller's scope, and the request body, in
   * one transaction. Without `run` a module serves the path (uploads, downloads). `run: true` says the
   * server's behaviour file (`server/entities/<name>.ts`, `actions: { <name>: run }`) holds it: the shared
   * declaration then carries no server code (the server refuses to start when the file does not provide it).
   */
  readonly run?: true | ((args: { readonly records: readonly RecordData[]; readonly body: RecordData; readonly ctx: HookContext }) => Awaitable<unknown>);
  /**
   * Values the action asks for before it runs (an opinion, a transfer target, a reply): the generic UI
   * shows them in a dialog, the server checks them by the field rules and hands them to `run` in the body.
   */
  readonly input?: readonly FieldDecl[];
  /**
   * `run`: the action's run checks its inputs itself, with its own messages (the spec's DTO as it always
   * answered), so the server skips the field-rule check; the dialog and the request schema still use them.
   */
  readonly inputChecks?: 'run';
  /** How the call's body is built, and how its dialog asks (see ActionCallDecl). */
  readonly call?: ActionCallDecl;
  /** The call answers a file (Excel, Word): the UI downloads it under this name instead of running it. */
  readonly download?: string;
  /** Where the UI shows it: the list toolbar, each row, the show view (default: by scope). */
  readonly placement?: readonly ('toolbar' | 'row' | 'show')[];
  /** The call takes one uploaded file (an Excel import): the UI asks for the file in a dialog first. */
  readonly upload?: UploadDecl;
  /** The confirmation's title (default 提示). */
  readonly confirmTitle?: string;
  /**
   * No call of its own: the button opens `src/panels/<dialog>.tsx` (default export, props `{ decl, onClose }`,
   * the record in context), which renders its own dialog (意见征集's 查看意见). Needs `placement`.
   */
  readonly dialog?: string;
  /**
   * No call of its own: the row's button opens the declared `preview` of the entity named (this one, or the one
   * it marks: 报送管理's 预览 opens 文章's) for the row's record, by that entity's idField and titleField
   * (src/generic/PreviewOfDialog.tsx). Needs `placement`.
   */
  readonly previewOf?: string;
  /**
   * No call of its own: the button opens a dialog listing an array the get call answers with the record (a
   * child collection: 意见征集's opinions), paged in the browser, with an optional download of those rows
   * through another action (src/generic/TableDialog.tsx). Needs `placement`.
   */
  readonly tableDialog?: TableDialogDecl;
  /** No call of its own either: the button opens a dialog of tables over declared calls (see CallTablesDecl). */
  readonly tables?: CallTablesDecl;
  /** The button opens a dialog that picks a record of another entity, then ticks this entity's records linked to it (resources/shape/linkPick.ts). */
  readonly linkPick?: LinkPickDialogDecl;
  /** No call of its own: the button opens the generic members dialog of a relation (resources/shape/linkDialogs.ts). */
  readonly members?: MembersDialogDecl;
  /**
   * The action adds (`op: 'add'`) or removes links of the declared `link` for the records named in the body
   * under `keys`, the linked ids under `ids` (server/crud/linkSteps.ts; no `run` to write): 用户's 授予角色 /
   * 移除角色 with `{ userId | userIds, roleId | roleIds }`. A behaviour's own `run` of the action takes precedence.
   */
  readonly linkStep?: LinkStepDecl;
  /**
   * The action sets these values on each record through the local API (resources/shape/actionSets.ts,
   * server/crud/setSteps.ts; no `run` to write); a record already holding them is left as it is. Answers the
   * changed record for a row action, how many records for the others. A behaviour's own `run` takes precedence.
   */
  readonly sets?: ActionSets;
  /** The action is the entity's generic create at its own path behind its key (文章's 管理员发布): server/crud/actionSaves.ts. */
  readonly creates?: true;
  /** The action also at `edits.path`, saving the record's field values with it (修改并初审通过): resources/shape/actionSaves.ts. */
  readonly edits?: ActionEditDecl;
  /** The action copies the records it names (resources/shape/actionSaves.ts, server/crud/actionCopy.ts). */
  readonly copy?: ActionCopyDecl;
  /** The call answers the record as a Word file, served by the generic routes (see RecordWordDecl). */
  readonly word?: RecordWordDecl;
  /** The button opens a checkbox tree of linked records saved through this action's call (resources/shape/linkDialogs.ts). */
  readonly linkTree?: LinkTreeDialogDecl;
  /** A whole-list Excel export served by the generic routes (server/crud/listExport.ts); `scope: 'none'`. */
  readonly export?: ListExportDecl;
  /**
   * The answer is shown in a dialog instead of a passing message (a generated password, shown once):
   * `text` and `note` with `{name}` filled from the answer's data, the values in bold.
   */
  readonly answerDialog?: { readonly title?: string; readonly text: string; readonly note?: string };
  /** Render the declaration's `republish` site pages again after a successful run (论坛主题's 审核 → the forum pages). */
  readonly republish?: boolean;
  /**
   * The same action served at other paths too, each with body values the server sets (over the caller's):
   * the spec's 县长信箱 copy of a step (`/xax/theme/themeAuditShow` with `family: 'xax'`). The UI calls `path`.
   */
  readonly alsoAt?: readonly ActionAlias[];
}

/** What an action's `tableDialog` shows (`{field}` in `title` and `download.fileName`: the record's value). */
export interface TableDialogDecl {
  /** The array of the get call's answer (a child collection's `name`). */
  readonly source: string;
  readonly title: string;
  /** Columns of the rows: `blank` is shown for an empty value (匿名), `wrap` keeps the text's lines. */
  readonly columns: readonly { readonly field: string; readonly label: string; readonly width?: number; readonly blank?: string; readonly wrap?: boolean }[];
  /** A first column numbering the rows from 1, with this heading (序号). */
  readonly numbered?: string;
  /** The text when there are no rows (default 暂无数据). */
  readonly empty?: string;
  /** A button (shown with that action's key) downloading the rows: that action's call with the record's id. */
  readonly download?: { readonly action: string; readonly label: string; readonly fileName: string };
}

export interface ActionAlias {
  readonly path: string;
  readonly values: Readonly<Record<string, string | number>>;
  readonly republish?: boolean;
}

/**
 * The generic list export: every record the list's search finds (filters, sort, data scope), one column per
 * `columns` entry and then each list column not named there, enum and dictionary values as their labels,
 * personal fields masked. The file is `<fileName>_<date>.xlsx`.
 */
export interface ListExportDecl {
  readonly fileName: string;
  readonly sheet?: string;
  /** Columns first, in order: a field name, or a field with its own header and width. */
  readonly columns?: readonly (string | { readonly field: string; readonly header?: string; readonly width?: number })[];
  /** Only the `columns` named, not the other list columns after them (the spec's sheet as it is: 论坛版块's seven). */
  readonly onlyNamed?: boolean;
  /** Fixed values the exported records match, whatever the search says (领导留言's `{ channel: 'll' }`). */
  readonly where?: WhereData;
  /** `false`: the file is `<fileName>.xlsx`, without the date. */
  readonly dated?: false;
  /** With the record's id in the search, the export is that record's child collection instead (server/crud/childExport.ts). */
  readonly child?: ChildExportDecl;
  /** With a record named by one of its params, the export is that record's responses instead (resources/shape/responsesExport.ts). */
  readonly responses?: ResponsesExportDecl;
}

/**
 * One record's child collection as a sheet (意见征集's opinions of a topic): the record's title above the
 * header row, the child rows by id, personal values masked by their keys. `{field}` in `fileName` is the
 * record's value (at most 40 characters).
 */
export interface ChildExportDecl {
  /** The child collection's `name` (ResourceDecl.children). */
  readonly name: string;
  readonly sheet: string;
  readonly fileName: string;
  readonly columns: readonly { readonly field: string; readonly header: string; readonly width?: number }[];
  /** A first column numbering the rows from 1, with this heading (序号). */
  readonly numbered?: string;
}

/**
 * An action's call beyond the defaults (`{ id | ids, ...inputs }`, dialog titled by the label): the spec's
 * key name (会员 `{ puPeopleId, authStatus, remark }`), fixed values (冻结 `state: 1`), where the inputs start
 * (the record's reply, the officer's department) and what the dialog says.
 */
export interface ActionCallDecl extends ActionCallMore {
  /** The key parameter for one record when not `id`: the UI sends the record's id under it, the server reads it there. */
  readonly idParam?: string;
  /** Values the call always sends beside the key and the inputs. */
  readonly values?: Readonly<Record<string, string | number>>;
  /** Inputs start from the record's values (when set): `true`: from the fields of the same names; a map: input name → the record's field (答复内容 ← replyContent). */
  readonly prefillFromRecord?: boolean | Readonly<Record<string, string>>;
  /** Inputs that start from the signed-in user, else blank: input name → the identity's key (replyDept → deptName). */
  readonly prefillFromUser?: Readonly<Record<string, string>>;
  /** The dialog's title (default the label) and submit button (default 确定). */
  readonly title?: string;
  readonly submit?: string;
  /**
   * The action as it is for records in these states: another label (and dialog title), fixed values,
   * question and message — 处理 → 修改答复 once answered, 冻结 (`state: 1`) → 解冻 (`state: 0`) once frozen.
   */
  readonly variant?: ActionVariant;
  /** The UI offers it only for records in these states (标记已读 on unread ones); unlike `when`, the server takes any. */
  readonly shownWhen?: WhereData;
  /** The UI leaves it out for records in these states (查看身份证明 where `{ proofFile: null }`: nothing to show). */
  readonly hiddenWhen?: WhereData;
  /**
   * The UI calls this one of the action's `alsoAt` paths instead of `path` (论坛主题's 转办 goes to
   * /theme/transfer, the copy that serves every channel, where /ll/theme/themeTransfer serves 领导留言 only).
   */
  readonly at?: string;
}

export interface ActionVariant {
  readonly when: WhereData;
  readonly label: string;
  readonly values?: Readonly<Record<string, string | number>>;
  readonly confirm?: string;
  readonly success?: string;
}

/**
 * The file an upload action sends (multipart). The dialog offers the template to fill in (a GET call of
 * `api.extra`), explains the rules, and keeps the server's refusal on screen until the next try. The
 * action's `success` may name values of the answer in braces: `导入成功：新增{added}条`.
 */
export interface UploadDecl {
  /** The file input's `accept`, e.g. `.xlsx`. */
  readonly accept: string;
  /** Largest file sent; the server checks again. */
  readonly maxBytes: number;
  /** Multipart field name; default `file`. */
  readonly field?: string;
  /** Dialog title; default the action's label. */
  readonly title?: string;
  /** What the dialog explains above the file input. */
  readonly hint?: string;
  /** Name of the `api.extra` call that downloads the template, and the file name to save it under. */
  readonly template?: { readonly call: string; readonly fileName: string };
}

/** An action's `linkStep` (server/crud/linkSteps.ts, linkReverse.ts). */
export interface LinkStepDecl extends LinkStepMore {
  readonly link: string;
  /** Add the ids, remove them, or make the list exactly them (`set`; with `reverse` an empty list clears it). */
  readonly op: 'add' | 'remove' | 'set';
  /** The body's names of the records changed (with `reverse`: of the linked entity's one record; the first given counts). */
  readonly keys: readonly string[];
  /** The body's names of the linked ids (with `reverse`: of this entity's records; the first given counts). */
  readonly ids: readonly string[];
  /** Read from the linked entity's side: the link rows pointing at its record change (栏目's grants by role). */
  readonly reverse?: boolean;
  /** With `reverse`: the 1002 message when one of this entity's ids is not found (default `<label>不存在`). */
  readonly missing?: string;
}
