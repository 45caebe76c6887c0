import { inState } from '../../resources/behaviour';
import type { ActionDecl, FieldDecl } from '../../resources/types';
import { enumLabel } from './fields';

type Rec = Readonly<Record<string, unknown>>;

/** Where an action's call goes for these records (`call.atFor`): a path and values, or `mixed` when they differ. */
export interface CallRoute {
  readonly at?: string;
  readonly values: Readonly<Record<string, string | number>>;
}

function routeOf(action: ActionDecl, record: Rec): CallRoute {
  const entry = action.call?.atFor?.find((a) => inState(record, a.when));
  return entry ? { at: entry.at, values: entry.values ?? {} } : { values: {} };
}

/** The route every record shares, or `mixed` (a bulk step over 县长信箱 and 领导留言 themes together). */
export function routeFor(action: ActionDecl, records: readonly Rec[]): CallRoute | 'mixed' {
  if (!action.call?.atFor?.length || records.length === 0) return { values: {} };
  const routes = records.map((r) => routeOf(action, r));
  return routes.every((r) => r.at === routes[0]!.at) ? routes[0]! : 'mixed';
}

const same = (before: unknown, after: unknown) => {
  const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : String(v));
  return text(before) === text(after);
};

/** `call.onlyChanged`: the inputs whose values differ from the record's (text compared trimmed), trimmed. */
export function changedInputs(fields: readonly FieldDecl[], record: Rec | undefined, values: Rec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (!same(record?.[f.name], v)) out[f.name] = typeof v === 'string' ? v.trim() : (v ?? '');
  }
  return out;
}

/** `call.confirmChosen`'s question: `{count}` and each input's chosen label (or the value typed). */
export function chosenQuestion(action: ActionDecl, values: Rec, count: number): string | undefined {
  const ask = action.call?.confirmChosen;
  if (!ask) return undefined;
  const fields = action.input ?? [];
  return (count > 1 ? ask.many : ask.one).replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'count') return String(count);
    const field = fields.find((f) => f.name === name);
    return field?.options ? enumLabel(field.options, values[name]) : String(values[name] ?? '');
  });
}
