import type { Hooks, RecordData } from '../../resources/behaviour.js';
import type { LinkDecl } from '../../resources/relations/links.js';
import type { ResourceDecl } from '../../resources/types.js';
// Tables of declarations are named at run time: the deliberately untyped handle (server/db/types.ts).
import type { DynamicDb as Db, Row } from '../db/types.js';
import { invalidValue } from '../http/errors.js';
import { idsOf } from '../http/params.js';
import { formatDateTime } from '../util/time.js';
import type { EntityContext } from './entity/types.js';

const trxOf = (ctx: unknown) => (ctx as EntityContext).trx;

/** A query narrowed to the link's own rows (its fixed `where` columns). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const own = <Q extends { where: (...args: any[]) => Q }>(q: Q, link: LinkDecl): Q => Object.entries(link.where ?? {}).reduce((acc, [k, v]) => acc.where(k, '=', v), q);

/** What a new link row holds beside its two keys: the link's fixed `where` columns and its `stamp` (the write time). */
const rowExtras = (link: LinkDecl): Row => ({ ...link.where, ...(link.stamp ? { [link.stamp]: formatDateTime() } : {}) });

/** The ids linked to one record, ascending. */
export async function linkedIds(db: Db, link: LinkDecl, id: unknown): Promise<number[]> {
  const rows = (await own(db.selectFrom(link.table).select(link.to).where(link.from, '=', id), link).orderBy(link.to).execute()) as Row[];
  return rows.map((r) => Number(r[link.to]));
}

/**
 * The other way: the ids of the records linked to `toId` of the linked entity, ascending, among `within` (a
 * subquery of the records' ids) when given — 栏目's columns granted to one role.
 */
export async function linkingIds(db: Db, link: LinkDecl, toId: unknown, within?: unknown): Promise<number[]> {
  let q = own(db.selectFrom(link.table).select(link.from).where(link.to, '=', toId), link);
  if (within !== undefined) q = q.where(link.from, 'in', within);
  const rows = (await q.orderBy(link.from).execute()) as Row[];
  return rows.map((r) => Number(r[link.from]));
}

/** The other way: the records linked to `toId` of the linked entity become exactly `ids` (a role's columns). */
export async function writeLinkingIds(db: Db, link: LinkDecl, toId: unknown, ids: readonly number[]): Promise<void> {
  await own(db.deleteFrom(link.table).where(link.to, '=', toId), link).execute();
  if (ids.length) await db.insertInto(link.table).values(ids.map((from) => ({ [link.from]: from, [link.to]: toId, ...rowExtras(link) }))).execute();
}

/** Replaces a record's links (the targets must exist in the linked entity's table). */
export async function writeLinks(db: Db, declOf: (name: string) => ResourceDecl | undefined, link: LinkDecl, id: unknown, ids: readonly number[]) {
  const target = declOf(link.entity);
  if (!target) throw new Error(`link ${link.name}: no declared entity ${link.entity}`);
  if (ids.length) {
    const found = (await db.selectFrom(target.table).select(target.idField).where(target.idField, 'in', [...ids]).execute()) as Row[];
    if (found.length !== ids.length) throw invalidValue(link.missing);
  }
  await own(db.deleteFrom(link.table).where(link.from, '=', id), link).execute();
  if (ids.length) await db.insertInto(link.table).values(ids.map((to) => ({ [link.from]: id, [link.to]: to, ...rowExtras(link) }))).execute();
}

/** The links as hooks, run after the entity's own (server/crud/entity/attach.ts). */
export function linkHooks(decl: ResourceDecl, declOf: (name: string) => ResourceDecl | undefined): Hooks {
  const links = decl.links ?? [];
  if (!links.length) return {};
  // The ids a save carries, from the raw body to after the write, per operation (one ctx each).
  const pending = new WeakMap<object, Map<LinkDecl, number[]>>();
  return {
    beforeValidate: [
      ({ data, ctx }) => {
        const found = new Map<LinkDecl, number[]>();
        for (const link of links) if (Object.prototype.hasOwnProperty.call(data, link.name)) found.set(link, idsOf(data[link.name], link.name));
        if (found.size) pending.set(ctx, found);
        return data;
      },
    ],
    afterChange: [
      async ({ record, ctx }) => {
        for (const [link, ids] of pending.get(ctx) ?? []) await writeLinks(trxOf(ctx), declOf, link, record[decl.idField], ids);
      },
    ],
    afterGet: [
      async ({ record, ctx }) => {
        const out: RecordData = { ...record };
        for (const link of links) if (link.answered !== false) out[link.name] = await linkedIds(trxOf(ctx), link, record[decl.idField]);
        return out;
      },
    ],
    beforeDelete: [
      async ({ records, ctx }) => {
        const ids = records.map((r) => r[decl.idField]);
        for (const link of links) await own(trxOf(ctx).deleteFrom(link.table).where(link.from, 'in', ids), link).execute();
      },
    ],
  };
}
