import { fillPreviewTemplate } from './preview';

/**
 * A state the server keeps about a record, shown under its show view with buttons that change it (issue 19,
 * session 27; src/generic/ShowStatus.tsx): 文章's 语音播报 — whether read-aloud audio exists, 生成语音 /
 * 删除语音. `call` (a name of the declaration's `api.extra`) is made with the record's id under `idParam` and
 * answers one object; while its state is one of `pollWhile` the call is made again every `everyMs`. Templates
 * are the preview's: `{field}` the answer's value (— when blank), a `[…]` part left out when a field in it is blank.
 */
export interface ShowStatusDecl {
  /** The section's title, also the panel's accessible name. */
  readonly label: string;
  readonly call: string;
  readonly idParam: string;
  /** The answer's state field, the field holding its label (shown as a chip) and each state's colour. */
  readonly state: { readonly field: string; readonly label: string; readonly colors?: Readonly<Record<string, StatusColor>> };
  readonly pollWhile?: readonly string[];
  readonly everyMs?: number;
  /** Texts beside the chip, each shown when its `when` field of the answer is set (not blank, false or 0). */
  readonly texts?: readonly { readonly text: string; readonly when?: string }[];
  /** A link opened in a new tab, shown when its `when` field is set: `href` a template (`/site/{url}`). */
  readonly link?: { readonly label: string; readonly href: string; readonly when: string };
  /** An error line, shown in one of `states` when its `when` field is set. */
  readonly alert?: { readonly states: readonly string[]; readonly text: string; readonly when: string };
  /** Buttons for holders of `permission` (default: everyone who sees the view). */
  readonly buttons?: readonly ShowStatusButton[];
}

export type StatusColor = 'default' | 'info' | 'success' | 'warning' | 'error';

/**
 * A button making another of the declaration's `api.extra` calls with the record's id under `idParam`, after
 * `confirm` when declared, then reading the state again; `needs`: an answer field that must be set for it to be
 * enabled (删除语音 needs audio). Every button is disabled while the state is polled and while a call runs.
 */
export interface ShowStatusButton {
  readonly label: string;
  readonly call: string;
  readonly idParam: string;
  readonly permission?: string;
  readonly success?: string;
  readonly confirm?: { readonly title: string; readonly text: string };
  readonly needs?: string;
  readonly color?: 'error';
}

type Answer = Readonly<Record<string, unknown>>;

const isSet = (answer: Answer, field: string | undefined) => field === undefined || !(answer[field] === undefined || answer[field] === null || answer[field] === '' || answer[field] === false || answer[field] === 0);

/** What the panel shows for one answer (pure: tests/unit/src/generic-showStatus.test.ts). */
export function statusView(decl: ShowStatusDecl, answer: Answer) {
  const state = String(answer[decl.state.field] ?? '');
  const polling = decl.pollWhile?.includes(state) ?? false;
  return {
    chip: { label: String(answer[decl.state.label] ?? state), color: decl.state.colors?.[state] ?? 'default' },
    polling,
    texts: (decl.texts ?? []).filter((t) => isSet(answer, t.when)).map((t) => fillPreviewTemplate(t.text, answer)),
    link: decl.link && isSet(answer, decl.link.when) ? { label: decl.link.label, href: fillPreviewTemplate(decl.link.href, answer) } : null,
    alert: decl.alert && decl.alert.states.includes(state) && isSet(answer, decl.alert.when) ? fillPreviewTemplate(decl.alert.text, answer) : null,
    enabled: (button: ShowStatusButton) => !polling && isSet(answer, button.needs),
  };
}
