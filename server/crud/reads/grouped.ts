import type { RecordData } from '../../../resources/behaviour.js';
import { inState } from '../../../resources/behaviour.js';
import type { GroupedReadDecl, GroupingDecl } from '../../../resources/shape/groupedRead.js';
import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { DynamicDb, Row } from '../../db/types.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { hoursBetween } from '../../util/time.js';
import { applyRange } from './options.js';
import { readQuery, type Query } from './records.js';

/**
 * The `grouped` read (resources/shape/groupedRead.ts): the query's records in groups, each counted, summed
 * and averaged in one pass (the averages are spans between two date-times, which SQLite and PostgreSQL
 * compute differently, so the records are read rather than grouped in SQL).
 */

const blank = (v: unknown) => v === null || v === undefined || v === '' || v === 0;

/** The group a record falls in: its key and its name. */
function groupOf(decl: ResourceDecl, by: GroupingDecl, r: Row): [number | string, string] {
  const field = decl.fields.find((f) => f.name === by.field);
  const numeric = field?.type === 'number' || field?.type === 'reference';
  const key = numeric ? Number(r[by.field] ?? 0) : String(r[by.field] ?? '');
  if (blank(r[by.field]) && by.none !== undefined) return [key, by.none];
  if (by.title) return [key, String(r[by.title] ?? '')];
  return [key, String(field?.options?.find((o) => String(o.value) === String(key))?.label ?? key)];
}

/** The columns a grouping reads. */
function columnsOf(g: GroupedReadDecl, by: GroupingDecl): string[] {
  const hours = Object.values(g.hours ?? {}).flatMap((h) => [h.from, h.to]);
  return [...new Set([by.field, ...(by.title ? [by.title] : []), ...Object.values(g.counts).flatMap((w) => Object.keys(w)), ...Object.values(g.sums ?? {}), ...hours])];
}

/** The groups' rows of the records `q` finds, `search[param]` choosing the grouping. */
export async function groupedRows(decl: ResourceDecl, g: GroupedReadDecl, q: Query, search: Row): Promise<Row[]> {
  const by = g.by[String(search[g.param] ?? '')] ?? g.by[g.default];
  if (!by) throw new Error(`${decl.name}: grouped 没有分组 ${g.default}`);
  const records = (await q.select(columnsOf(g, by)).orderBy(`${decl.table}.${decl.idField}`, 'asc').execute()) as Row[];
  const groups = new Map<string, { row: Row; spans: Record<string, number[]> }>();
  for (const r of records) {
    const [key, name] = groupOf(decl, by, r);
    let group = groups.get(String(key));
    if (!group) {
      const row: Row = { key, name, ...Object.fromEntries(Object.keys(g.counts).map((c) => [c, 0])), ...Object.fromEntries(Object.keys(g.sums ?? {}).map((s) => [s, 0])), ...Object.fromEntries(Object.keys(g.hours ?? {}).map((h) => [h, null])) };
      group = { row, spans: Object.fromEntries(Object.keys(g.hours ?? {}).map((h) => [h, []])) };
      groups.set(String(key), group);
    }
    for (const [c, where] of Object.entries(g.counts)) if (inState(r as RecordData, where)) group.row[c] = Number(group.row[c]) + 1;
    for (const [s, field] of Object.entries(g.sums ?? {})) group.row[s] = Number(group.row[s]) + Number(r[field] ?? 0);
    for (const [h, span] of Object.entries(g.hours ?? {})) {
      const n = hoursBetween(r[span.from], r[span.to]);
      if (n !== null) group.spans[h]!.push(n);
    }
  }
  const rows = [...groups.values()].map(({ row, spans }) => {
    for (const [h, list] of Object.entries(spans)) row[h] = list.length ? Math.round((list.reduce((a, b) => a + b, 0) / list.length) * 10) / 10 : null;
    return row;
  });
  return rows.sort((a, b) => Number(b[g.orderBy]) - Number(a[g.orderBy]) || String(a.key).localeCompare(String(b.key)));
}

/**
 * The rows of a `grouped` read for server code (a module's export, a stored snapshot, the demo seed): the read's
 * `where`, the caller's reach, its filters and range over `search`, as the read's route answers them.
 */
export async function groupedFor(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, user: PortalUser, search: Row): Promise<Row[]> {
  if (!read.grouped) throw new Error(`${decl.name}: 读取没有 grouped`);
  return groupedRows(decl, read.grouped, applyRange(await readQuery(db, decl, read, user, search), read, search), search);
}
