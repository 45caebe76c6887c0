import type { HttpClient } from '../../providers/types';
import dataDict from '../../resources/dataDict';
import { extraCall } from '../../resources/declaredCalls';

/** The dictionary's every group as key → value pairs (resources/dataDict.ts). */
const ALL_KV = extraCall(dataDict, 'allKv');

/** sessionStorage key of the dictionary cache (spec part 1 §3). */
export const ALL_DIC_KEY = 'allDic';

/** An entry of a group as forms use it: code (stored value), name and label (shown). */
export interface DictChild {
  code: string;
  name: string;
  label: string;
  value?: string | null;
  children?: DictChild[];
}

/** A group: `value` is its dictKey, `children` its enabled entries. */
export interface DictGroup {
  value: string;
  children: DictChild[];
}

/** The cached groups, or null when nothing (or something unreadable) is cached. */
export function readAllDic(): DictGroup[] | null {
  const raw = sessionStorage.getItem(ALL_DIC_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed as DictGroup[]) : null;
  } catch {
    return null;
  }
}

const toChild = (e: Partial<DictChild> & { children?: unknown }): DictChild => {
  const code = String(e.code ?? '');
  const name = String(e.name ?? e.label ?? code);
  const kids = Array.isArray(e.children) ? (e.children as Partial<DictChild>[]).map(toChild) : undefined;
  return { code, name, label: String(e.label ?? name), value: e.value ?? null, ...(kids?.length ? { children: kids } : {}) };
};

/** The all-groups answer (dictKey → entries) as the list the cache keeps. */
export function groupsFromKv(kv: Record<string, unknown> | null | undefined): DictGroup[] {
  return Object.entries(kv ?? {}).map(([value, entries]) => ({
    value,
    children: Array.isArray(entries) ? (entries as Partial<DictChild>[]).map(toChild) : [],
  }));
}

let inFlight: Promise<DictGroup[]> | null = null;
const listeners = new Set<() => void>();

/** Called when the cache changes, so mounted dict fields re-render. */
export function onAllDicChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads every group from the server and replaces the cache (after login and after dictionary edits). */
export function refreshAllDic(http: HttpClient): Promise<DictGroup[]> {
  inFlight ??= http
    .request<Record<string, unknown>>({ path: ALL_KV.path, method: ALL_KV.method, silent: true })
    .then((kv) => {
      const groups = groupsFromKv(kv);
      sessionStorage.setItem(ALL_DIC_KEY, JSON.stringify(groups));
      for (const l of listeners) l();
      return groups;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The cached groups, loading them on first use. */
export async function ensureAllDic(http: HttpClient): Promise<DictGroup[]> {
  return readAllDic() ?? refreshAllDic(http);
}

/** Entries of one group, flattened depth-first (a select lists nested entries too). */
export function dictOptions(groups: readonly DictGroup[] | null, dictKey: string): DictChild[] {
  const group = groups?.find((g) => g.value === dictKey);
  const out: DictChild[] = [];
  const walk = (list: readonly DictChild[]) => {
    for (const c of list) {
      out.push(c);
      if (c.children) walk(c.children);
    }
  };
  walk(group?.children ?? []);
  return out;
}

/** The label of a code in a group; the code itself when unknown (a removed entry still shows something). */
export function dictLabel(groups: readonly DictGroup[] | null, dictKey: string, code: unknown): string {
  if (code === undefined || code === null || code === '') return '';
  return dictOptions(groups, dictKey).find((c) => c.code === String(code))?.label ?? String(code);
}
