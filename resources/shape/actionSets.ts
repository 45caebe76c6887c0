/**
 * What a declared action's `sets` writes on each record it applies to (server/crud/setSteps.ts), with no
 * `run` to write: a constant, `'$now'` (the time of the run), or `{ input }` — the body's value under that
 * name, or that input field's declared default when the body leaves it blank.
 */
export type ActionSetValue = string | number | null | { readonly input: string };

/** Field → the value the action sets (会员中心's 标记已读 `{ readState: 1 }`, 意见征集's 停止征集 `{ status: 2, stopTime: '$now' }`). */
export type ActionSets = Readonly<Record<string, ActionSetValue>>;
