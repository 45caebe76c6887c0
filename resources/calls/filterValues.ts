import type { ResourceDecl } from '../types';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * The search values as the server takes them: a filter's chosen choice becomes what it `sends`, and a
 * blank filter what `blankSends` says (操作日志's 全部 asks for every type; the server's blank leaves logins out).
 * Filters without choices pass unchanged.
 */
export function searchValues(decl: ResourceDecl, filter: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(filter ?? {}) };
  for (const f of decl.list.filters) {
    const value = out[f.field];
    if (blank(value)) {
      if (f.blankSends) out[f.field] = [...f.blankSends];
      continue;
    }
    const choice = f.choices?.find((c) => String(c.value) === String(value));
    if (choice?.sends) out[f.field] = [...choice.sends];
  }
  return out;
}
