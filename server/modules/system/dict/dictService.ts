import type { Db, Row } from '../../../db/types.js';

export const DICT_TABLE = 'data_dict';

/** An entry as forms use it (spec part 1 §3: each child has code, name and label). */
export interface DictOption {
  id: number;
  code: string;
  name: string;
  label: string;
  value: string | null;
  state: number;
  children?: DictOption[];
}

const byOrder = (a: Row, b: Row) => Number(a.sort ?? 0) - Number(b.sort ?? 0) || Number(a.id) - Number(b.id);

/** Nested children of `rootId` among `rows` (one group's rows). */
export function nest(rows: Row[], rootId: number, toNode: (r: Row) => Row = (r) => r): Row[] {
  const byParent = new Map<number, Row[]>();
  for (const r of rows) {
    const p = Number(r.parentId ?? 0);
    byParent.set(p, [...(byParent.get(p) ?? []), r]);
  }
  const seen = new Set<number>();
  const build = (parent: number): Row[] =>
    (byParent.get(parent) ?? [])
      .slice()
      .sort(byOrder)
      .filter((r) => !seen.has(Number(r.id)) && seen.add(Number(r.id)))
      .map((r) => {
        const kids = build(Number(r.id));
        const node = toNode(r);
        return kids.length ? { ...node, children: kids } : node;
      });
  return build(rootId);
}

export const toOption = (r: Row): Row => ({
  id: Number(r.id),
  code: String(r.key ?? ''),
  name: String(r.name ?? ''),
  label: String(r.name ?? ''),
  value: (r.value as string | null) ?? null,
  state: Number(r.state ?? 1),
});

/** Every enabled group as dictKey → its enabled entries (nested). */
export async function allGroups(db: Db): Promise<Record<string, DictOption[]>> {
  const rows = await db.selectFrom(DICT_TABLE).selectAll().where('state', '=', 1).execute();
  const out: Record<string, DictOption[]> = {};
  const groups = rows.filter((r) => Number(r.parentId ?? 0) === 0).sort(byOrder);
  for (const g of groups) {
    const key = String(g.dictKey);
    const own = rows.filter((r) => r.dictKey === g.dictKey && Number(r.parentId) !== 0);
    out[key] = nest(own, g.id, toOption) as unknown as DictOption[];
  }
  return out;
}

/** The enabled entries of one group (empty when there is no such group). */
export async function groupEntries(db: Db, dictKey: string): Promise<DictOption[]> {
  const group = await db.selectFrom(DICT_TABLE).selectAll().where('dictKey', '=', dictKey).where('parentId', '=', 0).where('state', '=', 1).executeTakeFirst();
  if (!group) return [];
  const rows = await db.selectFrom(DICT_TABLE).selectAll().where('dictKey', '=', dictKey).where('parentId', '!=', 0).where('state', '=', 1).execute();
  return nest(rows, group.id, toOption) as unknown as DictOption[];
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A save body as the rules read it: an entry's dictKey comes from its parent; a group's key is its dictKey unless given. */
export function dictBody(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  if (Number(out.parentId ?? 0) > 0 && blank(out.dictKey)) out.dictKey = '_';
  if (Number(out.parentId ?? 0) === 0 && blank(out.key) && !blank(out.dictKey)) out.key = out.dictKey;
  return out;
}
